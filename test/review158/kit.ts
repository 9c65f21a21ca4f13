// Review 158: shared bits for the token-store probes: a Map-backed Web Storage the test controls
// (and can make throw), what a tab told (views, events), and the requests' Authorization headers.
import { sessionActorOf } from 'pam-client/devtools';
import type { Tab, World } from '../support/world';

export const KEY = 'pam-client.session';

/** A Web Storage over a Map; `fail` makes its calls throw (a quota, a SecurityError). */
export class MapStorage {
  readonly map = new Map<string, string>();
  fail: { get?: Error; set?: Error; remove?: Error } = {};
  /** setItem answers without storing (a browser that drops writes silently). */
  drop = false;
  getItem = (k: string): string | null => {
    if (this.fail.get) throw this.fail.get;
    return this.map.get(k) ?? null;
  };
  setItem = (k: string, v: string): void => {
    if (this.fail.set) throw this.fail.set;
    if (!this.drop) this.map.set(k, String(v));
  };
  removeItem = (k: string): void => {
    if (this.fail.remove) throw this.fail.remove;
    this.map.delete(k);
  };
}

export const securityError = (): Error =>
  Object.assign(new Error('SecurityError: denied'), { name: 'SecurityError' });
export const quotaError = (): Error =>
  Object.assign(new Error('QuotaExceededError: full'), { name: 'QuotaExceededError' });

/** Everything a tab told: each view (as JSON), each event (as JSON), its snapshot now. */
export function record(tab: Tab) {
  const views: string[] = [];
  const events: string[] = [];
  tab.client.subscribe((v) => views.push(JSON.stringify(v)));
  for (const type of ['signedIn', 'signedOut', 'tokenRefreshed', 'sessionExpired', 'refreshFailed'] as const)
    tab.client.on(type, (e) => events.push(JSON.stringify(e)));
  return {
    views,
    events,
    all: () => [...views, ...events, JSON.stringify(sessionActorOf(tab.client).getSnapshot())].join('\n'),
  };
}

/** The Authorization headers the server saw (none: undefined). */
export const auths = (world: World): (string | undefined)[] =>
  world.server.requests.map((r) => r.headers.authorization);

/** Requests the server saw with an Authorization header. */
export const authed = (world: World) =>
  world.server.requests.filter((r) => r.headers.authorization !== undefined);

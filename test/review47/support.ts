// Review 47's set-up: tabs of one browser (one cookie jar, one channel) on the reference server,
// and a fetch whose calls to one route wait until the test lets them go.

import { sessionActorOf } from '../../machines/devtools';
import { createServerSessionClient, type ServerSessionClientBase } from '../../machines/index';
import { browserProfile } from '../server-session/support';
import { FakeChannelHub } from '../support/fake-channel';

/** One browser at `url`; its tabs (and the next load) join `clients`, which the test stops. */
export function browserAt(url: string, clients: ServerSessionClientBase[]) {
  const hub = new FakeChannelHub();
  const profile = browserProfile(url);
  const open = (fetch: typeof globalThis.fetch, channel: boolean) => {
    const client = createServerSessionClient({
      fetch,
      environment: { channel: channel ? hub.channel() : null },
    });
    clients.push(client);
    return client;
  };
  return {
    hub,
    profile,
    /** A tab (its fetch `profile.fetch` unless given). */
    tab: (fetch = profile.fetch) => open(fetch, true),
    /** What the next load of the page shows (a new client on the same cookie jar, no channel). */
    nextLoad: async () => (await open(profile.fetch, false).ready).status,
  };
}

/**
 * `fetch` whose calls to a path ending in `path`, once `hold(n)` is called (the next `n`, every
 * one by default), wait for `release()`: before they are sent, or (`after`) once their answer has
 * reached the browser (its cookie stored) and before the page reads it. `held()` counts them: at
 * their start, or (`after`) once answered.
 */
export function gated(fetch: typeof globalThis.fetch, path: string, after = false) {
  let release = () => {};
  const opened = new Promise<void>((r) => {
    release = r;
  });
  let holding = 0;
  let held = 0;
  const gatedFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const hold = holding > 0 && String(input instanceof Request ? input.url : input).endsWith(path);
    if (!hold) return fetch(input, init);
    holding--;
    if (!after) {
      held++;
      await opened;
      return fetch(input, init);
    }
    const res = await fetch(input, init);
    held++;
    await opened;
    return res;
  }) as typeof fetch;
  return {
    fetch: gatedFetch,
    hold: (n = Number.POSITIVE_INFINITY) => {
      holding = n;
    },
    held: () => held,
    release,
  };
}

const contextOf = (client: ServerSessionClientBase) =>
  sessionActorOf(client).getSnapshot().context as unknown as { queued: boolean; loginId: string | null };

/** Whether the session keeps a word of a login to read once the call on its way is done. */
export const queued = (client: ServerSessionClientBase) => contextOf(client).queued;

/** The login the session stands on. */
export const loginIdOf = (client: ServerSessionClientBase) => contextOf(client).loginId;

// Signing out (its logout's answer held): what the view and the app's listeners see of the
// restrictions from the first signing-out view to signed out, and a login sent meanwhile.
import { sessionActorOf } from 'pam-client/devtools';
import { createPamClient, type PamClient } from 'pam-client/machines';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

describe('review39: signing out', () => {
  it('views and events', async () => {
    let holdLogout: (() => void) | null = null;
    const f: typeof fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (/logout/.test(url) && !holdLogout) await new Promise<void>((r) => (holdLogout = r));
      return fetch(input, init);
    };
    const c = createPamClient({ baseURL: ctx.server.url, fetch: f, environment: { channel: null } });
    clients.push(c);
    const log: string[] = [];
    c.on('restrictionsChanged', (e) => log.push(`changed ${e.restrictions.status} ${e.restrictions.canBet}`));
    c.on('restrictionsUnavailable', (e) => log.push(`unavailable ${e.status}`));
    c.on('signedOut', () => log.push('signedOut'));
    c.subscribe((v) =>
      log.push(`view ${v.status} ${v.restrictions?.status ?? null} ${v.restrictions?.canBet ?? null}`),
    );
    const { email, password } = ctx.server.seed.plain;
    c.login({ login: email, password });
    await until(() => c.view.restrictions?.status === 'current', 'current');
    log.push('--- logout');
    c.logout();
    await until(() => c.view.status === 'signingOut', 'signingOut');
    await until(() => holdLogout !== null, 'logout sent');
    log.push('--- login meanwhile');
    c.login({ login: email, password });
    await until(
      () => (sessionActorOf(c).getSnapshot().context as { pending: unknown }).pending != null,
      'the login waits',
    );
    holdLogout!();
    await until(
      () => c.view.status === 'signedIn' && c.view.restrictions?.status === 'current',
      'signed in again',
    );
    expect(log.some((l) => /view signingOut .* true/.test(l))).toBe(false);
  });
});

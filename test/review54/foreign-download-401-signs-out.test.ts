// Review 54 (against 33179879), machines/server-session/client.ts `bound[verb]`: the proxy's 401
// hook (`onUnauthorized`) was removed and each call now judges its own rejection: ANY 401 of a
// call made while the held login was held sends UNAUTHORIZED. The adapter only ever ran the old
// hook for a call on baseURL's origin (ofetch-adapter.ts `recoverFrom401`: `!call.sameOrigin`
// -> no hook); the new catch has no such check. A download (`responseType: 'blob'`) may name an
// absolute URL on another origin (an income report's pre-signed `download_url`, a CDN): its 401
// (an expired or revoked link, a bucket's own auth) is not the proxy's word about the session.
// Scenario: the player is signed in (L1, live at the proxy); the app downloads a report from
// https://files.example.test/... whose link has expired (401), and the player clicks again.
// The first 401 sends UNAUTHORIZED: the tab drops the player's data and goes `restoring.confirming`
// (a read; L1 live, taken again, `confirmed` = L1); the second 401 is "believed" and the tab is
// signed out (and the other tabs told) while the cookie, the proxy and the next load hold L1 live.
// Should hold: a 401 from another origin (a call the proxy never answered) never ends the held
// login; the tab stays signed in on L1 throughout.
// Suggested root fix: in `bound`'s catch, only a 401 the PROXY answered counts: e.g. require the
// call's target to be under the prefix (the adapter's `sameOrigin`/`targetOf` judgement, or
// simply `typeof args[0] === 'string' && !isAbsoluteURL(args[0])`), or have the `sent` hook report
// whether the call went to baseURL's origin (the adapter knows: `call.sameOrigin`).
// Forty-fifth pass: mended (only the client's try after no answer, `X-Pam-Again`, is answered as
// the logout done; a 401 counts only for a path under the prefix).
import { describe, expect, it } from 'vitest';
import { createServerSessionClient } from '../../machines/index';
import { cleanup, clients, loginIdOf, nextLoad, stateOf } from '../review48/support';
import { browserProfile, runningClock, usePam } from '../server-session/support';
import { turns, until } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';

const clock = runningClock();
const { ref, fx } = usePam(clock);
cleanup();

const LINK = 'https://files.example.test/reports/2026.pdf?X-Signature=expired';

describe('a download from another origin answers 401', () => {
  it('the tab stays signed in on the live login', async () => {
    const profile = browserProfile(fx.served.url);
    const hub = new FakeChannelHub();
    let foreign = 0;
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.startsWith('https://files.example.test/')) {
        foreign++;
        return new Response('<Error>expired</Error>', {
          status: 401,
          headers: { 'content-type': 'application/xml' },
        });
      }
      return profile.fetch(input, init);
    }) as typeof globalThis.fetch;
    const a = createServerSessionClient({ fetch, environment: { channel: hub.channel() } });
    clients.push(a);
    await a.ready;
    const { plain } = ref.server.seed;
    await a.auth.login({ login: plain.email, password: plain.password });
    await until(() => a.view.status === 'signedIn', 'signed in');
    const l1 = loginIdOf(a);
    const statuses: string[] = [];
    for (let i = 0; i < 2; i++) {
      const r = await a.http.get(LINK, { responseType: 'blob' } as never).then(
        () => 'ok',
        (e: { status?: number; code?: string }) => `${e.code} ${e.status}`,
      );
      statuses.push(r);
      await turns(200);
      await until(
        () => !stateOf(a).includes('confirming') && a.view.status !== 'restoring',
        () => `settled (${stateOf(a)})`,
      );
    }
    expect(foreign).toBe(2);
    expect(statuses).toEqual(['unauthorized 401', 'unauthorized 401']);
    expect((await nextLoad(profile)).status).toBe('signedIn'); // the proxy holds L1 live
    expect({ status: a.view.status, loginId: loginIdOf(a) }).toEqual({ status: 'signedIn', loginId: l1 });
  });
});

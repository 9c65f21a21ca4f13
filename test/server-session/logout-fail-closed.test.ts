// A logout the server did not perform leaves the session signed in (REVIEW-P P8). Behind
// pam-client/server the HttpOnly cookie is the session: the browser cannot drop it, so a logout
// answered by a network error, a 5xx or a 403 (the same-origin check) leaves a live session. The
// client showed `signedOut` (the sign-in form, no "Sair") while the server still said `signedIn`.
// Now: only the server's word ends it (its 204, or a 401: no session there, or another login in the
// cookie, which is then read: FIXLOGOUT28); any other outcome stays `signedIn` with `view.error`,
// `logout()` still offered, the other tabs told nothing.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { until } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';
import { type Answer, NOON, seededClients, seedOf } from './seeded-client';

const start = seededClients();

type Outcome = 'network' | 204 | 401 | 403 | 500;

const answerOf = (o: Outcome): Answer => {
  if (o === 'network') throw new TypeError('Failed to fetch');
  return o === 204 ? { status: 204, body: undefined } : { status: o, body: { message: 'no' } };
};

/** A client signed in from a fresh seed, each logout answered by the next of `outcomes`. */
function signedIn(outcomes: Outcome[]) {
  const hub = new FakeChannelHub();
  const left = [...outcomes];
  const s = start(seedOf({ readAt: NOON }), {
    at: NOON,
    channel: hub.channel(),
    // (Past the outcomes given: no answer.)
    answer: (p) => (p.includes('/auth/logout') ? answerOf(left.shift() ?? 'network') : 'hang'),
  });
  const signedOutTold = () => hub.sent.filter((m) => (m as { type?: string }).type === 'signedOut').length;
  return { ...s, signedOutTold };
}

describe('a logout the server did not perform (REVIEW-P P8)', () => {
  // (No answer is sent again twice at once, forty-fifth pass: its answer may be what was lost.)
  for (const o of ['network', 500, 403] as const)
    it(`answered ${o}: still signed in, with the error; the tabs told nothing; logout() offered again`, async () => {
      const tries = o === 'network' ? 3 : 1;
      const { client, events, reads, signedOutTold } = signedIn([...Array(tries).fill(o), 204]);
      expect(client.view.status).toBe('signedIn');
      client.logout();
      expect(client.view.status).toBe('signingOut');
      await until(() => client.view.status !== 'signingOut', 'the logout answered');
      expect(client.view.status).toBe('signedIn');
      expect(client.view.user?.id).toBe(4);
      expect(client.view.error?.code).toBe(o === 'network' ? 'network' : 'http');
      expect(events.some((e) => e.type === 'signedOut')).toBe(false);
      expect(signedOutTold()).toBe(0);
      // Offered again: the server's 204 ends it.
      client.logout();
      await until(() => client.view.status === 'signedOut', 'signed out by the 204');
      expect(reads('/auth/logout')).toBe(tries + 1);
      expect(client.view).toMatchObject({ error: null, signedOutReason: 'logout', user: null });
      expect(signedOutTold()).toBe(1);
    });

  it('no answer, then the 204 of the logout sent again: signed out by the one logout()', async () => {
    const { client, reads, signedOutTold } = signedIn(['network', 204]);
    client.logout();
    await until(() => client.view.status !== 'signingOut', 'the logout answered');
    expect(client.view).toMatchObject({ status: 'signedOut', error: null, signedOutReason: 'logout' });
    expect(reads('/auth/logout')).toBe(2);
    expect(signedOutTold()).toBe(1);
  });

  it('a login sent while a logout that fails runs is dropped, never sent later', async () => {
    const { client, reads } = signedIn([500]);
    client.logout();
    client.login({ login: 'other@example.com', password: 'pw' });
    await until(() => client.view.status !== 'signingOut', 'the logout answered');
    expect(client.view.status).toBe('signedIn');
    expect(reads('/auth/login')).toBe(0);
  });

  it('generated logout outcomes: signed out only after the server said so (204, or 401: no session), else signed in with the error', async () => {
    const outcome = fc.constantFrom<Outcome>('network', 204, 401, 403, 500);
    await fc.assert(
      fc.asyncProperty(fc.array(outcome, { minLength: 1, maxLength: 5 }), async (outcomes) => {
        const { client, events, signedOutTold } = signedIn(outcomes);
        try {
          // Each logout() takes answers until one comes (no answer: sent again, 3 tries at most).
          let k = 0;
          for (let i = 0; k < outcomes.length; i++) {
            client.logout();
            await until(() => client.view.status !== 'signingOut', `logout ${i} answered`);
            let o: Outcome = 'network';
            for (let t = 0; t < 3 && o === 'network'; t++) o = outcomes[k++] ?? 'network';
            const ended = o === 204 || o === 401;
            // (A 401, FIXLOGOUT28: this login's logout done, the cookie then read: `restoring`, no
            // player shown, its read held here.)
            expect(client.view.status, `after ${outcomes.slice(0, k)}`).toBe(
              o === 401 ? 'restoring' : ended ? 'signedOut' : 'signedIn',
            );
            expect(client.view.user === null).toBe(ended);
            expect(events.some((e) => e.type === 'signedOut')).toBe(ended);
            expect(signedOutTold()).toBe(ended ? 1 : 0);
            if (ended) break;
            expect(client.view.error).not.toBeNull();
            expect(client.view.user?.id).toBe(4);
          }
        } finally {
          client.stop();
        }
      }),
      { numRuns: 60 },
    );
  });
});

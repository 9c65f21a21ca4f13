// A seed replayed with an old page (REVIEW-P P5, P6): the page that embeds `getSession().initial`
// served again from a cache (Back after a logout, a restored tab, a shared cache) started the
// client `signedIn`, `current`, free to bet, asking nothing, for the rest of the São Paulo day,
// and after a logout it showed the player signed in again. Now a `signedIn` seed given with the
// page is taken only when read within `SEED_FRESH_MS` of the client's (trusted) clock reading and
// not of a login this origin saw signed out (`signedOutLogins`, kept by the logout); else the
// client is `restoring`, nothing of the seed shown, while `GET <prefix>/session` says where the
// session stands (a seed route's answer of such a login: signed out).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEED_FRESH_MS } from '../../machines/server-session/guards';
import { signedOutLogins } from '../../machines/server-session/seed';
import { answeredUserInfo } from '../support/answered-user-info';
import { turns, until } from '../support/event-loop';
import { useMemoryLocalStorage } from '../support/memory-local-storage';
import { type Answer, DAY, free, H, NOON, S, SIGNED_OUT, seededClients, seedOf } from './seeded-client';

const start = seededClients();
const storage = useMemoryLocalStorage();

const AT = NOON;
const barredSeed = (readAt: number) => seedOf({ readAt, userInfo: answeredUserInfo({ spa_exclusion: 1 }) });
/** Another login's seed (player 9, login `login-7`), read at `AT`. */
const otherSeed = {
  ...seedOf({ readAt: AT }),
  user: { id: 9, cancelled_account: false },
  loginId: 'login-7',
};

describe('a seed replayed with an old page (REVIEW-P P5, P6)', () => {
  it('read 7 h before the client starts: restoring, the server asked, its answer (barred meanwhile) shown; never free to bet', async () => {
    const { client, views, reads } = start(seedOf({ readAt: AT - 7 * H }), {
      at: AT,
      answer: (p) => (p.endsWith('/session') ? { status: 200, body: barredSeed(AT) } : 'hang'),
    });
    expect(client.view.status).toBe('restoring');
    await until(() => client.view.status === 'signedIn', 'the server answered');
    expect(reads('/session')).toBe(1);
    expect(client.view.restrictions).toMatchObject({ status: 'current', canBet: false });
    expect(views.some(free)).toBe(false);
  });

  it('Back after a logout: the old page seed is never shown signed in; the server says signed out', async () => {
    const { client, views, events } = start(seedOf({ readAt: AT - 2 * 60 * S }), {
      at: AT,
      answer: (p) => (p.endsWith('/session') ? { status: 200, body: SIGNED_OUT } : 'hang'),
    });
    await until(() => client.view.status === 'signedOut', 'the server answered');
    expect(views.map((v) => v.status)).not.toContain('signedIn');
    expect(views.every((v) => v.user === null)).toBe(true);
    expect(events.some((e) => e.type === 'signedIn')).toBe(false);
  });

  it('Back seconds after a logout (the seed fresh by its age): the logout’s mark refuses it, the server asked', async () => {
    const seed = seedOf({ readAt: AT - S });
    const a = start(seed, {
      at: AT,
      answer: (p) => (p.endsWith('/auth/logout') ? { status: 204, body: undefined } : 'hang'),
    });
    expect(a.client.view.status).toBe('signedIn');
    a.client.logout();
    await until(() => a.client.view.status === 'signedOut', 'signed out');
    expect(signedOutLogins()).toEqual(['login-1']);
    const b = start(seed, {
      at: AT + 5 * S,
      answer: (p) => (p.endsWith('/session') ? { status: 200, body: SIGNED_OUT } : 'hang'),
    });
    expect(b.client.view).toMatchObject({ status: 'restoring', user: null });
    await until(() => b.client.view.status === 'signedOut', 'the server answered');
    expect(b.reads('/session')).toBe(1);
    expect(b.views.some((v) => v.status === 'signedIn' || v.user !== null)).toBe(false);
  });

  it('a seed read just now (this page load): signed in at the first frame, nothing asked', async () => {
    const { client, reads } = start(seedOf({ readAt: AT - 3 * S }), { at: AT });
    expect(client.view.status).toBe('signedIn');
    expect(client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
    await turns(10);
    expect(reads('/session') + reads('/auth/user-profile')).toBe(0);
  });

  it('the mark: the last 20 logins kept; anything else stored there (foreign, malformed) read as none', () => {
    localStorage.setItem('pam-client.signedOut', '{"not":"a list"');
    expect(signedOutLogins('login-0')).toEqual([]);
    for (let i = 1; i <= 25; i++) signedOutLogins(`login-${i}`);
    expect(signedOutLogins()).toEqual(Array.from({ length: 20 }, (_, i) => `login-${i + 6}`));
    expect(storage.keys()).toEqual(['pam-client.signedOut']);
  });

  it('generated seed ages × clock trust × logout mark × the server’s answer: never free to bet or signed in from a seed before the server confirms one older than the bound; never signed in as a login marked signed out', async () => {
    const age = fc.oneof(
      fc.integer({ min: -SEED_FRESH_MS - 2 * S, max: SEED_FRESH_MS + 2 * S }),
      fc.integer({ min: 0, max: 12 * H }),
      fc.integer({ min: 0, max: 3 * DAY }),
    );
    const ANSWERS = {
      same: { status: 200, body: seedOf({ readAt: AT }) },
      other: { status: 200, body: otherSeed },
      signedOut: { status: 200, body: SIGNED_OUT },
      error: { status: 503, body: { message: 'down' } },
      hang: 'hang',
    } satisfies Record<string, Answer>;
    await fc.assert(
      fc.asyncProperty(
        age,
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom(...(Object.keys(ANSWERS) as (keyof typeof ANSWERS)[])),
        async (ageMs, trusted, marked, said) => {
          localStorage.removeItem('pam-client.signedOut');
          if (marked) signedOutLogins('login-1');
          const answer = (p: string): Answer => (p.endsWith('/session') ? ANSWERS[said] : 'hang');
          const { client, views, reads } = start(seedOf({ readAt: AT - ageMs }), { at: AT, trusted, answer });
          const label = `age ${ageMs}, trusted ${trusted}, marked ${marked}, answer ${said}`;
          try {
            const taken = !marked && trusted && Math.abs(ageMs) <= SEED_FRESH_MS;
            await turns(8);
            if (taken) {
              expect(views[0]?.status, label).toBe('signedIn');
              expect(reads('/session'), label).toBe(0);
              return;
            }
            expect(views[0]?.status, label).toBe('restoring');
            // One read (a 503 may be tried twice by the adapter: an idempotent GET).
            expect(reads('/session'), label).toBeGreaterThanOrEqual(1);
            expect(reads('/session'), label).toBeLessThanOrEqual(said === 'error' ? 2 : 1);
            // Nothing of the seed before the server's word: no player, never free to bet.
            const i = views.findIndex((v) => v.status !== 'restoring');
            const before = i < 0 ? views : views.slice(0, i);
            expect(
              before.every((v) => v.user === null && !free(v)),
              label,
            ).toBe(true);
            // Signed in only as the server says: the same login unless marked, or another login.
            const signedIn = views.filter((v) => v.status === 'signedIn');
            expect(
              signedIn.every((v) => v.user?.id === (said === 'other' ? 9 : 4)),
              label,
            ).toBe(true);
            const final = {
              same: [marked ? 'signedOut' : 'signedIn'],
              other: ['signedIn'],
              signedOut: ['signedOut'],
              error: ['restoring', 'signedOut'], // read again later, shown signed out with the error
              hang: ['restoring'],
            }[said];
            expect(final, label).toContain(client.view.status);
            // Signed in at all only on the server's word (never as a login marked signed out).
            expect(signedIn.length > 0, label).toBe(said === 'other' || (said === 'same' && !marked));
          } finally {
            client.stop();
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { createPamClient, type PamClient } from '../../machines/index';
import { UserProfileRun } from '../../src/schemas/readers/auth';
import { createReferenceFetch } from '../../src/testing/index';
import { until } from '../support/event-loop';

// A hostile 2xx profile answer: a free-form record (one the reader keeps without a fixed shape:
// a loose object's other keys, `user.document.extra`, or a restriction field kept as sent) nested
// 10 000 levels. Kept as sent, the view held a value `JSON.stringify` cannot serialise
// (RangeError), and the machines compare data with it. Now a free-form value nested deeper than
// the reader's bound is unreadable: the answer is a typed error, the machine stays up.

const DEPTH = 10_000;
/** The JSON text of a value nested DEPTH levels (JSON.parse reads it; JSON.stringify cannot write it). */
const DEEP_JSON = `${'{"v":'.repeat(DEPTH)}"x"${'}'.repeat(DEPTH)}`;
const deep = () => JSON.parse(DEEP_JSON);

type Body = {
  user: Record<string, unknown> & { document: Record<string, unknown> };
  userInfo: Record<string, unknown>;
};
/** A few turns of the event loop: the read's answer taken (or failed) by the flow. */
let turns = 0;
const settled = (_c: PamClient) => ++turns % 20 === 0;

const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

describe('a profile answer with a free-form record nested 10 000 levels', () => {
  for (const [where, poison] of [
    ['user.document', (b: Body) => Object.assign(b.user.document, { extra: 'DEEP' })],
    ['user.country_data', (b: Body) => Object.assign(b.user, { country_data: { code: 'BR', x: ['DEEP'] } })],
    ['userInfo.user_pause_at', (b: Body) => Object.assign(b.userInfo, { user_pause_at: 'DEEP' })],
    [
      'userInfo.user_limit_bet_change',
      (b: Body) => Object.assign(b.userInfo, { user_limit_bet_change: { amount: 5, x: 'DEEP' } }),
    ],
  ] as const) {
    it(`${where}: the view serialises, a later profile read does not crash the machine`, async () => {
      const kit = createReferenceFetch();
      let served = 0;
      const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
        const res = await kit(input, init);
        const url = String((input as Request).url ?? input);
        if (!url.includes('/auth/user-profile') || res.status !== 200) return res;
        const body = (await res.json()) as Body;
        body.user.document ??= { type: 'cpf', number: '1' };
        poison(body);
        served++;
        const text = JSON.stringify(body).replace('"DEEP"', DEEP_JSON);
        return new Response(text, { status: 200, headers: res.headers });
      }) as typeof globalThis.fetch;
      const c = createPamClient({ baseURL: kit.baseURL, fetch, environment: { channel: null } });
      clients.push(c);
      c.login({ login: kit.seed.plain.email, password: kit.seed.plain.password });
      await until(
        () => served > 0 && c.view.restrictions !== undefined,
        'signed in, the hostile read served',
      );
      await until(() => settled(c), 'the read settled');
      expect(() => JSON.stringify(c.view)).not.toThrow();
      // A later profile change (a limit set re-reads the profile): still no crash, still serialisable.
      await c.user
        .updateLimits({ user_limit_time: 60, user_limit_time_active: 1, user_limit_time_period: 'daily' })
        .catch(() => {});
      await until(() => served > 1, 'read again');
      await until(() => settled(c), 'the read settled');
      expect(() => JSON.stringify(c.view)).not.toThrow();
      // The machine is up: the session and its profile flow ran no action that threw.
      const snap = c.session.getSnapshot() as unknown as {
        status: string;
        children: Record<string, { getSnapshot(): { status: string } }>;
      };
      expect(snap.status).toBe('active');
      for (const [id, child] of Object.entries(snap.children))
        expect([id, child.getSnapshot().status]).toEqual([id, expect.not.stringMatching(/error/)]);
      // Fail closed: restrictions never read as "free" from the hostile answers.
      expect(c.view.restrictions?.canBet).not.toBe(true);
    });
  }

  it('the reader: a too-deep free-form value is an issue under its path; a shallow one kept as sent', () => {
    const answer = (extra: unknown) => ({
      user: { document: { type: 'cpf', number: '1', extra } },
      userInfo: {},
    });
    const deepIssues: { path: unknown[] }[] = [];
    const okIssues: { path: unknown[] }[] = [];
    UserProfileRun(answer(deep()), deepIssues as never);
    const out = UserProfileRun(answer({ a: [{ b: 1 }] }), okIssues as never) as {
      user: { document: unknown };
    };
    expect(out.user.document).toEqual({ type: 'cpf', number: '1', extra: { a: [{ b: 1 }] } });
    expect(deepIssues.length).toBe(okIssues.length + 1);
    expect(deepIssues.map((i) => i.path)).toContainEqual(['user', 'document', 'extra']);
  });
});

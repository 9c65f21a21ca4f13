import fc from 'fast-check';
import { createReferenceFetch, SEED_ACCOUNTS } from 'pam-client/testing';
import { describe, expect, it } from 'vitest';
import { useClockedReferenceServer } from '../support/server';
import { call, manualClock } from './helpers';

// REVIEW-AA AA-2: change-password's old_password is a check of the current password, so it goes
// through the same throttle as check-password and the step-up (key `password_check:<id>`): a
// wrong one counts, and while locked the route answers 429 + Retry-After, even for the right one.

const { plain } = SEED_ACCOUNTS;
const CHANGE = `/users/change-password/${plain.id}`;
const body = (old_password: string, password = plain.password) => ({
  old_password,
  password,
  password_confirmation: password,
});

describe('reference server: change-password is throttled with the password checks (AA-2)', () => {
  const ref = useClockedReferenceServer(plain.id);
  const { server, clock } = ref;
  const change = (old: string, next?: string) =>
    call(server, 'POST', CHANGE, { token: ref.token, body: body(old, next) });
  const check = (password: string) =>
    call(server, 'POST', '/bff/users/check-password', { token: ref.token, body: { password } });

  it('counts a wrong old_password: the sixth answers 429 with Retry-After, even for the right one', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await change('wrong');
      expect([res.status, Object.keys(res.json.errors ?? {})]).toEqual([422, ['old_password']]);
    }
    const locked = await change(plain.password, 'a-new-password-1');
    expect([locked.status, locked.headers.get('retry-after'), locked.json]).toEqual([
      429,
      '60',
      { message: 'Too many attempts.' },
    ]);
    expect((await check(plain.password)).status).toBe(429); // one lock for every password check
    clock.advance(60_000);
    expect((await change(plain.password, 'a-new-password-1')).status).toBe(200);
    expect((await check('a-new-password-1')).json).toEqual({ success: true });
  });

  it('refuses the right old_password while check-password has locked the player: 429, password unchanged', async () => {
    for (let i = 0; i < 5; i++) expect((await check('wrong')).json).toEqual({ success: false });
    const locked = await change(plain.password, 'a-new-password-1');
    expect([locked.status, locked.headers.get('retry-after')]).toEqual([429, '60']);
    clock.advance(60_000);
    expect((await check(plain.password)).json).toEqual({ success: true });
  });
});

// Over generated sequences of checks through both routes and clock moves, the two routes answer
// as one throttle: five wrong within 15 minutes lock both while the latest is under 60 s old.
describe('reference kit: one throttle for check-password and change-password (AA-2)', () => {
  // Mostly wrong passwords and short waits, so that locks are reached, held and passed.
  const op = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        route: fc.constantFrom('check' as const, 'change' as const),
        right: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ route: fc.constant('wait' as const), s: fc.integer({ min: 0, max: 120 }) }),
    },
  );

  it('answers every request as the throttle model says', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 25 }), async (ops) => {
        const clock = manualClock();
        const kit = createReferenceFetch({ now: clock.now, tokenTtlSeconds: 30 * 24 * 60 * 60 });
        const token = kit.issueToken(plain.id);
        let failures: number[] = [];
        for (const step of ops) {
          if (step.route === 'wait') {
            clock.advance(step.s * 1000);
            continue;
          }
          const now = clock.now();
          failures = failures.filter((at) => at > now - 15 * 60_000);
          const last = failures[failures.length - 1];
          const locked = failures.length >= 5 && last !== undefined && now - last < 60_000;
          const password = step.right ? plain.password : 'wrong';
          const [path, sent] =
            step.route === 'check' ? ['/bff/users/check-password', { password }] : [CHANGE, body(password)];
          const res = await kit(`${kit.baseURL}${path}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify(sent),
          });
          const expected = locked ? 429 : step.right || step.route === 'check' ? 200 : 422;
          expect(res.status).toBe(expected);
          if (locked) continue;
          if (step.right) failures = [];
          else failures.push(now);
        }
      }),
      { numRuns: 80 },
    );
  });
});

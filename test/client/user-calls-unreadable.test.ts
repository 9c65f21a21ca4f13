import fc from 'fast-check';
import { isPamError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import type { UserModule } from '../../src/index';
import { USER_CALLS as ROWS } from '../../src/internal';
import { useUserCallClients } from '../support/user-call-clients';

// REVIEW-U U-5: an argument of `client.user.*` that cannot be read (a Proxy whose traps throw, a
// getter that throws) is the call's `invalid_request` (issue `unreadable`), as the bare user module
// gives, nothing sent, the foreign error and its message (here a fake password) dropped. Before,
// the client's layers (the funnel, the outcome check, the step-up prompt) read or spread the
// options first and the raw foreign error came out.

const { ctx, signIn, NAMES, CLIENTS, argsOf, call } = useUserCallClients({ prompt: true });
const SECRET = 'Secret123!';
const boom = () => {
  throw new Error(`trap: password_check=${SECRET}`);
};
const TRAPS = ['get', 'has', 'ownKeys', 'getOwnPropertyDescriptor', 'getPrototypeOf'] as const;
const proxy = (traps: readonly string[] = TRAPS) =>
  new Proxy({}, Object.fromEntries(traps.map((t) => [t, boom])));
/** `value` (an object) with each of `keys` a getter that throws (its other keys kept). */
const getters = (value: object, keys: readonly string[]) =>
  Object.defineProperties(
    { ...value },
    Object.fromEntries(keys.map((k) => [k, { get: boom, enumerable: true }])),
  );

/** Each way an argument cannot be read: where (the payload or path argument, or the options), and what. */
const UNREADABLE: Record<string, (args: unknown[], at: number, name: string) => unknown[] | null> = {
  'payload Proxy': (args, at) => (at > 0 ? [...args.slice(0, at - 1), proxy()] : null),
  'payload getter': (args, at) => {
    const p = args[at - 1];
    return p && typeof p === 'object' ? [...args.slice(0, at - 1), getters(p, Object.keys(p))] : null;
  },
  'options Proxy': (args, at) => [...args.slice(0, at), proxy()],
  'options signal getter': (args, at) => [...args.slice(0, at), getters({}, ['signal'])],
  // (The download takes no prompt: it reads only its signal.)
  'options onStepUp getter': (args, at, name) =>
    name === 'downloadIncomeReport' ? null : [...args.slice(0, at), getters({}, ['onStepUp'])],
};

/** A refusal as the bare module gives it: typed, `invalid_request`, the foreign message nowhere. */
const expectRefused = (error: unknown, label: string) => {
  expect(isPamError(error), `${label}: ${String(error)}`).toBe(true);
  expect((error as { code?: unknown }).code, label).toBe('invalid_request');
  const shown = [
    String(error),
    (error as Error).message,
    JSON.stringify(error),
    String((error as { cause?: unknown }).cause),
    JSON.stringify((error as { cause?: unknown }).cause ?? null),
  ].join('\n');
  expect(shown, label).not.toContain(SECRET);
};

/** Where a call takes its options (`downloadIncomeReport(report, options)` has no row). */
const optionsAt = (name: keyof UserModule) =>
  name === 'downloadIncomeReport' ? 1 : ROWS.optionsAt(name as never);
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => ({ ok: true }) as const,
    (error: unknown) => ({ ok: false, error }) as const,
  );

describe('client.user with an argument that cannot be read: invalid_request, nothing sent, no foreign message', () => {
  for (const [kind, make] of Object.entries(CLIENTS))
    it(`${kind}: every call, every unreadable argument`, async () => {
      const c = make();
      await signIn(c);
      const args = await argsOf(c);
      const before = ctx.server.requests.length;
      let tried = 0;
      for (const name of NAMES)
        for (const [how, build] of Object.entries(UNREADABLE)) {
          const given = build(args.get(name)!, optionsAt(name), name);
          if (!given) continue;
          tried++;
          const r = await outcome(call(c, name, given));
          expect(r.ok, `${name} ${how}`).toBe(false);
          if (!r.ok) expectRefused(r.error, `${name} ${how}`);
        }
      expect(tried).toBeGreaterThan(NAMES.length * 3);
      expect(ctx.server.requests.slice(before).map((r) => r.path)).toEqual([]);
    });

  for (const [kind, make] of Object.entries(CLIENTS))
    it(`${kind}: an unknown option whose getter throws is ignored, as the bare module does: sent`, async () => {
      const c = make();
      await signIn(c);
      const extra = getters({}, ['extra']);
      await expect(call(c, 'getAddress', [extra])).resolves.toBeDefined();
      await expect(
        call(c, 'updateEmail', [
          { email: 'ana.new@example.com', password_check: ctx.server.seed.plain.password },
          extra,
        ]),
      ).resolves.toBeDefined();
      await expect(call(c, 'updateMarketing', [{ mkt_accepted: false }, extra])).resolves.toBeDefined();
    });

  it('property: whichever argument throws and whichever traps do, the call never rejects with the foreign error', async () => {
    const c = CLIENTS['createPamClient with the funnel and a prompt']!();
    await signIn(c);
    const args = await argsOf(c);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...NAMES),
        fc.nat(3),
        fc.oneof(
          fc.record({ traps: fc.subarray([...TRAPS], { minLength: 1 }) }),
          fc.record({
            keys: fc.subarray(['signal', 'onStepUp', 'extra', 'email', 'type'], { minLength: 1 }),
          }),
        ),
        async (name, pick, how) => {
          const at = optionsAt(name);
          const given = [...args.get(name)!];
          const i = pick % (at + 1);
          const base = given[i];
          given[i] =
            'traps' in how
              ? proxy(how.traps)
              : getters(base && typeof base === 'object' ? base : {}, how.keys);
          const before = ctx.server.requests.length;
          const r = await outcome(call(c, name, given));
          if (r.ok) return;
          expect(isPamError(r.error), `${name} ${String(r.error)}`).toBe(true);
          if ((r.error as { code?: unknown }).code === 'invalid_request') {
            expectRefused(r.error, name);
            expect(ctx.server.requests.length).toBe(before);
          }
          const shown = `${String(r.error)}${JSON.stringify(r.error)}${String((r.error as { cause?: unknown }).cause)}`;
          expect(shown).not.toContain(SECRET);
        },
      ),
      { numRuns: 60 },
    );
  });
});

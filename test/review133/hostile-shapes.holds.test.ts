// Review 133 (held): a payload of the wrong shape (no object, a class instance, a Proxy or a getter
// that throws the secret, an unknown key such as `constructor`/`__proto__`, a frozen object with an
// extra key) and options that are no options, for every payload-taking call: `invalid_request`
// (an aborted signal: `aborted`), nothing sent, the secret nowhere in the error.
import { describe, expect, it } from 'vitest';
import { useReferenceServer } from '../support/server';
import { throwingProxy } from './arbitraries';
import { modsOf, OPS, PW, verdict } from './support';

const ctx = useReferenceServer();

type Valid = Record<string, unknown>;
const SHAPES: [string, (v: Valid) => unknown][] = [
  ['null', () => null],
  ['undefined', () => undefined],
  ['a number', () => 42],
  ['a string', () => JSON.stringify({ x: PW })],
  ['an array of the payload', (v) => [v]],
  ['a Map of the payload', (v) => new Map(Object.entries(v))],
  ['a Date', () => new Date(0)],
  ['a Promise of the payload', (v) => Promise.resolve(v)],
  ['the payload on a prototype', (v) => Object.create(v)],
  [
    'a class instance',
    (v) =>
      Object.assign(
        new (class Form {
          x = 1;
        })(),
        v,
      ),
  ],
  ['a Proxy whose traps throw the secret', (v) => throwingProxy(v)],
  [
    'a getter that throws the secret',
    (v) => {
      const [first] = Object.keys(v);
      const o = { ...v };
      Object.defineProperty(o, first!, {
        enumerable: true,
        get: () => {
          throw new Error(`getter ${PW}`);
        },
      });
      return o;
    },
  ],
  ['a `constructor` key', (v) => ({ ...v, constructor: 'x' })],
  ['a `toString` key', (v) => ({ ...v, toString: 'x' })],
  [
    'an own `__proto__` key',
    (v) => Object.defineProperty({ ...v }, '__proto__', { value: { x: 1 }, enumerable: true }),
  ],
  [
    'a JSON `__proto__` key',
    (v) =>
      JSON.parse(
        JSON.stringify({ ...v, ['__proto__']: 0 }).replace('"__proto__":0', '"__proto__":{"isAdmin":true}'),
      ),
  ],
  ['a frozen payload with an extra key', (v) => Object.freeze({ ...v, extra: true })],
  ['an extra key holding the secret', (v) => ({ ...v, pasword: PW })],
];

const OPTIONS: [string, () => unknown, string][] = [
  ['signal a string', () => ({ signal: 'abort' }), 'invalid_request/0'],
  [
    'a signal getter that throws the secret',
    () => ({
      get signal() {
        throw new Error(PW);
      },
    }),
    'invalid_request/0',
  ],
  ['options a Proxy that throws', () => throwingProxy(), 'invalid_request/0'],
  ['an aborted signal', () => ({ signal: AbortSignal.abort() }), 'aborted/0'],
];

describe('review 133: hostile payload shapes and options, every call (held)', () => {
  const id = () => ctx.server.seed.plain.id;
  for (const op of OPS) {
    it.each(SHAPES)(`${op.name}: %s`, async (_n, shape) => {
      const mods = modsOf(ctx);
      expect(await verdict(ctx, () => op.send(mods, shape(op.valid()), id()))).toBe('invalid_request/0');
    });
  }

  // A key that spells the payload's own secret is hidden (a payload with no secret has none to know).
  for (const op of OPS.filter((o) => Object.values(o.valid()).includes(PW))) {
    it(`${op.name}: the secret as an unknown key`, async () => {
      const mods = modsOf(ctx);
      expect(await verdict(ctx, () => op.send(mods, { ...op.valid(), [PW]: 1 }, id()))).toBe(
        'invalid_request/0',
      );
    });
  }

  for (const op of OPS) {
    it.each(OPTIONS)(`${op.name} with options: %s`, async (_n, options, expected) => {
      const mods = modsOf(ctx);
      const call = () => {
        // The module methods take the options last; `send` fixes the payload, so call through the name.
        const m = mods as unknown as Record<string, Record<string, (...a: unknown[]) => Promise<unknown>>>;
        const where =
          op.name === 'login' || op.name === 'forgotPassword'
            ? 'auth'
            : op.name === 'validateDocument' || op.name === 'registerSimplified'
              ? 'reg'
              : 'user';
        const withId = op.name === 'updateProfile' || op.name === 'changePassword';
        const args = withId ? [id(), op.valid(), options()] : [op.valid(), options()];
        return m[where]![op.name]!(...args);
      };
      expect(await verdict(ctx, call)).toBe(expected);
    });
  }
});

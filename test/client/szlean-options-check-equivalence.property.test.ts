// Old-versus-new equivalence of the option check's rewrite (szlean pass): the oracle is
// `checkOptions` before it (99b9e3e), copied; over generated options (without `inspect` and
// `debug`, which it did not check), the shipped one throws exactly when the oracle does, naming the
// same option.
import fc from 'fast-check';
import { ConfigurationError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { checkOptions } from '../../machines/options-check';

// ---- The oracle (99b9e3e) ----

const OLD_PARTS: Record<string, string> = {
  clock: 'now serverNow trusted learn subscribe',
  now: '',
  serverNow: '',
  random: '',
  timers: 'setTimeout clearTimeout',
  visibility: 'isHidden onChange',
  focus: 'onFocus',
  online: 'isOnline onChange',
  channel: 'postMessage addEventListener removeEventListener close',
  lifecycle: 'onLeave',
  tabId: 's',
};

function oldCheckOptions(
  options: Record<string, unknown>,
  flows: unknown,
  known: readonly string[],
  once: number,
): void {
  const env = options.environment as Record<string, unknown> | undefined;
  let name = 'flows';
  const is = (at: string, value: unknown, kind: string) => {
    name = at;
    if (
      value !== undefined &&
      (kind === 's'
        ? typeof value !== 'string'
        : kind
          ? typeof value !== 'object' ||
            !kind.split(' ').every((m) => typeof (value as Record<string, unknown>)[m] === 'function')
          : typeof value !== 'function')
    )
      throw 0;
  };
  try {
    (flows as { name: string }[]).forEach((flow, i) => {
      name = `flows[${i}]`;
      const at = known.indexOf(flow.name);
      if (
        typeof flow !== 'object' ||
        at < 0 ||
        (at < once && (flows as { name: string }[]).findIndex((f) => f.name === flow.name) < i)
      )
        throw 0;
    });
    is('onStepUp', options.onStepUp, '');
    is('playClock', options.playClock, '');
    is('storage', options.storage, 'get set clear');
    is('environment', env, 'valueOf');
    for (const k in env)
      is(`environment.${k}`, Object.hasOwn(OLD_PARTS, k) ? (env[k] ?? undefined) : 0, OLD_PARTS[k]!);
  } catch {
    throw new ConfigurationError(`${name} cannot work as given`);
  }
}

// ---- Generated values ----

const fn = () => {};
/** An object with some of the methods any check asks for (each a function or not). */
const METHODS = [
  ...new Set(Object.values(OLD_PARTS).flatMap((k) => k.split(' '))),
  'get',
  'set',
  'clear',
  'valueOf',
].filter((m) => m.length > 1);
const withMethods = fc
  .dictionary(fc.constantFrom(...METHODS), fc.constantFrom<unknown>(fn, 1, null, 'x'), { maxKeys: 6 })
  .map((o) => ({ ...o }));
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(undefined, null, 0, 5, '', 'x', true, false, fn, {}, [], Symbol('s'), 10n),
  withMethods,
  // A function carrying methods, and an object without a prototype (no valueOf).
  withMethods.map((o) => Object.assign(() => {}, o)),
  withMethods.map((o) => Object.assign(Object.create(null), o)),
);
const environment = fc.oneof(
  anyValue,
  fc
    .dictionary(
      fc.constantFrom(
        ...Object.keys(OLD_PARTS),
        'chanel',
        'toString',
        'constructor',
        'valueOf',
        'hasOwnProperty',
      ),
      anyValue,
      {
        maxKeys: 5,
      },
    )
    .map((o) => ({ ...o })),
);
const KNOWN = ['tabs', 'profile', 'playTime', 'user', 'registration', 'debug', 'inspect', 'funnel'];
const flows = fc.oneof(
  fc.constantFrom<unknown>([], 5, 'tabs', null),
  fc.array(
    fc.oneof(
      fc.constantFrom(...KNOWN, 'nope').map((name) => ({ name })),
      fc.constantFrom<unknown>(null, 5, 'tabs'),
    ),
    { maxLength: 5 },
  ),
);
const options = fc.record(
  {
    environment,
    onStepUp: anyValue,
    playClock: anyValue,
    storage: anyValue,
  },
  { requiredKeys: [] },
);

const outcome = (check: () => void) => {
  try {
    check();
    return 'ok';
  } catch (e) {
    return e instanceof ConfigurationError ? e.message : `other: ${String(e)}`;
  }
};

describe('checkOptions (szlean rewrite) against its old copy', () => {
  it('refuses exactly what the old one refused, naming the same option', () => {
    let refused = 0;
    fc.assert(
      fc.property(options, flows, fc.constantFrom(2, 5), (o, f, once) => {
        const old = outcome(() => oldCheckOptions(o, f, KNOWN, once));
        if (old !== 'ok') refused += 1;
        expect(outcome(() => checkOptions(o, f, KNOWN, once))).toBe(old);
      }),
      { numRuns: 3000 },
    );
    expect(refused).toBeGreaterThan(100);
  });
});

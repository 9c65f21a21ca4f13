// Review 10, item D (0f7a46c incomplete): maxBodyBytes, refreshAfterMs, graceMs, cookie.idleMs and
// cookie.absoluteMs took NaN, negative numbers and Infinity (a NaN idleMs wrote `Max-Age=NaN` and
// ignored the idle limit; a NaN maxBodyBytes buffered any body). Now every numeric option passes
// one check (`wholeOption`): a whole number within its range, else the core's ConfigurationError
// at createPamServer, naming the option and the range. Fractions are refused too (timeoutMs
// included: whole ms, as before).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/errors/config';
import { createPamServer, type PamServerOptions } from '../../src/server/index';
import { MAX_WHOLE } from '../../src/server/option';
import { SECRETS } from './harness';

/** Each numeric option: how to set it, and its range. */
const OPTIONS: Record<string, { set: (v: number) => Partial<PamServerOptions>; min: number; max: number }> = {
  timeoutMs: { set: (v) => ({ timeoutMs: v }), min: 1, max: 2_147_483_647 },
  maxBodyBytes: { set: (v) => ({ maxBodyBytes: v }), min: 1, max: MAX_WHOLE },
  maxAnswerBytes: { set: (v) => ({ maxAnswerBytes: v }), min: 1, max: MAX_WHOLE },
  maxFileBytes: { set: (v) => ({ maxFileBytes: v }), min: 1, max: MAX_WHOLE },
  refreshAfterMs: { set: (v) => ({ refreshAfterMs: v }), min: 1, max: MAX_WHOLE },
  graceMs: { set: (v) => ({ graceMs: v }), min: 0, max: MAX_WHOLE },
  'cookie.idleMs': { set: (v) => ({ cookie: { idleMs: v } }), min: 1_000, max: MAX_WHOLE },
  'cookie.absoluteMs': { set: (v) => ({ cookie: { absoluteMs: v } }), min: 1_000, max: MAX_WHOLE },
};

function outcome(options: Partial<PamServerOptions>): string {
  try {
    createPamServer({ apiBaseURL: 'https://api.example', secrets: SECRETS, ...options });
    return 'created';
  } catch (error) {
    return error instanceof ConfigurationError ? error.message : `other: ${String(error)}`;
  }
}

const names = Object.keys(OPTIONS);

describe('D: every numeric option is a whole number within its range, checked at creation', () => {
  it.each(
    names.flatMap((name) => [Number.NaN, -1, Number.POSITIVE_INFINITY, 1.5].map((v) => [name, v] as const)),
  )('%s = %s: ConfigurationError naming the option and its range', (name, value) => {
    const { set, min, max } = OPTIONS[name]!;
    expect(outcome(set(value))).toBe(
      `pam-client/server: ${name} is a whole number of ${/Bytes$/.test(name) ? 'bytes' : 'ms'}, ${min} to ${max}`,
    );
  });

  it('property: a value is accepted exactly when it is a whole number within the range', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...names),
        fc.oneof(
          fc.double(),
          fc.integer({ min: -10, max: 5_000 }),
          fc.constantFrom(0, 999, 1_000, 2_147_483_647, 2_147_483_648, MAX_WHOLE, MAX_WHOLE + 1),
        ),
        (name, value) => {
          const { set, min, max } = OPTIONS[name]!;
          const valid = Number.isInteger(value) && value >= min && value <= max;
          expect(outcome(set(value)) === 'created').toBe(valid);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('a string where a number goes (a value read from the environment unparsed): refused', () => {
    expect(outcome({ maxBodyBytes: '16384' as unknown as number })).toMatch(/maxBodyBytes/);
    expect(outcome({ cookie: { idleMs: '7200000' as unknown as number } })).toMatch(/cookie\.idleMs/);
  });
});

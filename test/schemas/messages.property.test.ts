import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { core } from 'zod/mini';
import { toValidationIssues } from '../../src/schemas/common';
import { hostile, OURS, valuesLike } from './arbitraries';

// Issue 33 (sizes): the issue messages are written for the issue codes our schemas can produce
// (a string's least length, a number's inclusive bounds, enum and literal values, regex and e-mail
// formats, unknown keys, our refinements; a union's issues are its options'). The branches for
// codes none of them produces (a step, a map's key, a set's element, a string's greatest length,
// an exclusive bound, a union without its options' issues) went. This holds that nothing the
// schemas can say reads differently: the messages equal those of the full builder they replaced,
// on every schema the modules validate with.

/** The builder as it was (115734a and before): the oracle. */
function fullMessageFor(issue: core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}`;
    case 'too_small':
    case 'too_big': {
      const small = issue.code === 'too_small';
      const bound = small ? issue.minimum : issue.maximum;
      if (issue.origin === 'string') {
        return small
          ? `must not be shorter than ${bound} character${Number(bound) === 1 ? '' : 's'}`
          : `must not be longer than ${bound} characters`;
      }
      if (issue.origin === 'array') return `must have at ${small ? 'least' : 'most'} ${bound} item(s)`;
      return `must be ${small ? '>' : '<'}${issue.inclusive === false ? '' : '='} ${bound}`;
    }
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'regex' && issue.pattern
        ? `must match ${issue.pattern}`
        : `must be a valid ${issue.format}`;
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return 'is not a known field';
    case 'invalid_union':
      return 'does not match any of the allowed shapes';
    case 'invalid_key':
    case 'invalid_element':
      return `has an invalid ${issue.code.slice(8)}`;
    default:
      return issue.message && issue.message !== 'Invalid input' ? issue.message : 'is invalid';
  }
}

/** Every issue that has a message of its own: a union's are its options' (all of them, nested too). */
function* leaves(issues: readonly core.$ZodIssue[]): Generator<core.$ZodIssue> {
  for (const issue of issues)
    if (issue.code === 'invalid_union' && issue.errors.length > 0)
      for (const option of issue.errors) yield* leaves(option);
    else yield issue;
}

/** The codes the generated values reached, over every schema (read by the last test). */
const reached = new Set<string>();

describe('the issue messages (property)', () => {
  it.each(OURS)('%s: every issue reads as the full builder wrote it', (_name, schema) => {
    const seen = reached;
    fc.assert(
      fc.property(
        fc.oneof({ weight: 4, arbitrary: valuesLike(schema) }, { weight: 1, arbitrary: hostile }),
        (value) => {
          const result = schema.safeParse(value);
          const issues = result.success ? [] : result.error.issues;
          for (const issue of leaves(issues)) {
            seen.add(issue.code);
            // Through the flattening: one message per unknown key, else one.
            const count = issue.code === 'unrecognized_keys' ? issue.keys.length : 1;
            expect(toValidationIssues([issue]).map((i) => i.message)).toEqual(
              Array.from({ length: count }, () => fullMessageFor(issue)),
            );
          }
        },
      ),
      { numRuns: 300, seed: 33 },
    );
    // Only codes the builder still words are produced (a union's issue is never one of its own:
    // `leaves` reads its options', as toValidationIssues does).
    for (const code of seen)
      expect(['not_multiple_of', 'invalid_key', 'invalid_element', 'invalid_union']).not.toContain(code);
  });

  it('the values above reached every code the builder words (so each was compared)', () => {
    expect([...reached].sort()).toEqual([
      'custom',
      'invalid_format',
      'invalid_type',
      'invalid_value',
      'too_big',
      'too_small',
      'unrecognized_keys',
    ]);
  });

  it('the bounds our schemas set are worded as before', () => {
    const bounds: core.$ZodIssue[] = [
      { code: 'too_small', origin: 'string', minimum: 1, inclusive: true, input: '', path: [], message: '' },
      {
        code: 'too_small',
        origin: 'number',
        minimum: 1900,
        inclusive: true,
        input: 1,
        path: [],
        message: '',
      },
      { code: 'too_big', origin: 'number', maximum: 45, inclusive: true, input: 46, path: [], message: '' },
      {
        code: 'too_big',
        origin: 'number',
        maximum: 2 ** 53 - 1,
        inclusive: true,
        input: 2 ** 60,
        path: [],
        message: '',
      },
    ];
    for (const issue of bounds) expect(toValidationIssues([issue])[0]?.message).toBe(fullMessageFor(issue));
    expect(toValidationIssues(bounds).map((i) => i.message)).toEqual([
      'must not be shorter than 1 character',
      'must be >= 1900',
      'must be <= 45',
      'must be <= 9007199254740991',
    ]);
  });
});

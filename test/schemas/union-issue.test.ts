import { describe, expect, it } from 'vitest';
import type { core } from 'zod/mini';
import { toValidationIssues } from '../../src/schemas/common';

// LEAN21: no schema of ours is a union, so none raises `invalid_union` (test/schemas/messages.property
// checks every schema) and its options' issues are no longer looked for. One that came anyway
// still fails: one issue at its path, worded 'is invalid' (never the input).
describe('an invalid_union issue', () => {
  it('is one issue at its path, worded "is invalid"', () => {
    const issue = {
      code: 'invalid_union',
      errors: [
        [{ code: 'invalid_type', expected: 'string', path: ['x'], message: 'Invalid input', input: 1 }],
      ],
      path: ['answer'],
      message: 'Invalid input',
      input: { x: 1 },
    } as unknown as core.$ZodIssue;
    expect(toValidationIssues([issue])).toEqual([
      { path: ['answer'], code: 'invalid_union', message: 'is invalid' },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { createCustomPamClient, createPamClient } from '../../machines/index';
import { ConfigurationError, isPamError } from '../../src/index';

// REVIEW-Y Y-7 (the client part): no options, or null, threw a raw TypeError (the options read
// before their check), while `{}` gives the documented `ConfigurationError`. Now the same class.

const CASES: [string, () => unknown][] = [
  ['createPamClient()', () => (createPamClient as (o?: unknown) => unknown)()],
  ['createPamClient(null)', () => createPamClient(null as never)],
  ['createPamClient(5)', () => createPamClient(5 as never)],
  ['createCustomPamClient()', () => (createCustomPamClient as (o?: unknown) => unknown)()],
  ['createCustomPamClient(null)', () => createCustomPamClient(null as never)],
  ['createPamClient({})', () => createPamClient({} as never)],
  ['createCustomPamClient({})', () => createCustomPamClient({} as never)],
];

describe('a client created without options', () => {
  it.each(CASES)('%s throws a ConfigurationError', (_, create) => {
    let thrown: unknown;
    try {
      create();
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(ConfigurationError);
    expect(isPamError(thrown) && thrown.code).toBe('configuration');
  });
});

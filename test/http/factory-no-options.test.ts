// REVIEW-Y Y-7: a public factory given no options (or `null`: a config read that came back empty,
// a JS caller) throws the documented `ConfigurationError`, as `{}` does, never a raw TypeError.
import { describe, expect, it } from 'vitest';
import { createDescribeError, createOfetchAdapter, createUserModule, isPamError } from '../../src/index';

type Loose = (...args: unknown[]) => unknown;
const rows: [string, () => unknown][] = [
  ['createOfetchAdapter()', () => (createOfetchAdapter as Loose)()],
  ['createOfetchAdapter(null)', () => (createOfetchAdapter as Loose)(null)],
  ['createOfetchAdapter({})', () => (createOfetchAdapter as Loose)({})],
  ['createUserModule()', () => (createUserModule as Loose)()],
  ['createUserModule(null)', () => (createUserModule as Loose)(null)],
  ['createDescribeError()', () => (createDescribeError as Loose)()],
  ['createDescribeError(null)', () => (createDescribeError as Loose)(null)],
];

describe('a factory with no options throws ConfigurationError', () => {
  it.each(rows)('%s', (_, make) => {
    let thrown: unknown;
    try {
      make();
    } catch (error) {
      thrown = error;
    }
    expect(isPamError(thrown) && thrown.code).toBe('configuration');
    expect((thrown as Error).name).toBe('ConfigurationError');
  });
});

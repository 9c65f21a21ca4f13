// Review 43: an options object whose reading throws. The library turns a throwing `headers` or
// `storage` getter into a `ConfigurationError` (the foreign error dropped), but a throwing
// `baseURL` getter (createOfetchAdapter, createPamClient) and a throwing `intervalMs` getter
// (shouldRefreshToken's options) escape raw: not a PamError, the foreign message kept.
import { createOfetchAdapter, initialRefreshState, isPamError, shouldRefreshToken } from 'pam-client';
import { createPamClient } from 'pam-client/machines';
import { describe, expect, test } from 'vitest';

const throwing = (key: string, rest: object = {}) =>
  Object.defineProperty({ ...rest }, key, {
    enumerable: true,
    get() {
      throw new Error(`getter ${key} Secret123!`);
    },
  });

const caught = (f: () => unknown): unknown => {
  try {
    const made = f() as { stop?: () => void } | undefined;
    made?.stop?.();
    return undefined;
  } catch (e) {
    return e;
  }
};

describe('review43: options whose reading throws', () => {
  test('control: a throwing `headers` getter is a ConfigurationError', () => {
    const e = caught(() =>
      createOfetchAdapter(throwing('headers', { baseURL: 'https://api.example.com' }) as never),
    );
    expect(isPamError(e) && e.code).toBe('configuration');
  });
  test.each([
    ['createOfetchAdapter: baseURL', () => createOfetchAdapter(throwing('baseURL') as never)],
    ['createPamClient: baseURL', () => createPamClient(throwing('baseURL') as never)],
    [
      'shouldRefreshToken: intervalMs',
      () => shouldRefreshToken(initialRefreshState, Date.now(), throwing('intervalMs') as never),
    ],
  ])('%s: a typed error, the foreign one dropped', (_name, f) => {
    const e = caught(f);
    expect(isPamError(e), String(e)).toBe(true);
    expect(String((e as Error | undefined)?.message)).not.toContain('Secret123!');
  });
});

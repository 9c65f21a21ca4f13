import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPamClient } from '../../machines/createPamClient';
import { ConfigurationError, createOfetchAdapter } from '../../src/index';

// REVIEW-S S-9: a baseURL with a query or a fragment sent every call to the one base URL (the path
// landed in its query, or was cut off with its fragment), token and password included. It is
// refused when the adapter (or the client) is created, as pam-client/server refuses its apiBaseURL.

const fetchSpy = () => {
  const calls: string[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    calls.push(String(input));
    return new Response('{}', { headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { calls, fetch };
};

describe('a baseURL with a query or fragment (REVIEW-S S-9)', () => {
  it.each([
    'http://h.test/api?tenant=bet',
    'http://h.test/api#frag',
    'http://h.test/api?',
    'https://h.test/?tenant=x',
    '/api?tenant=bet',
    '/api#x',
  ])('%s: ConfigurationError at creation, nothing sent', (baseURL) => {
    const { calls, fetch } = fetchSpy();
    expect(() => createOfetchAdapter({ baseURL, fetch })).toThrow(ConfigurationError);
    expect(() => createPamClient({ baseURL, fetch, flows: [] })).toThrow(ConfigurationError);
    expect(calls).toEqual([]);
  });

  it('(property) any web URL with a query or fragment is refused; without, it is taken', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (baseURL) => {
        const { fetch } = fetchSpy();
        const create = () => createOfetchAdapter({ baseURL, fetch });
        if (/[?#]/.test(baseURL)) expect(create).toThrow(ConfigurationError);
        else expect(create).not.toThrow();
      }),
    );
  });
});

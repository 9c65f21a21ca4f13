// A `secrets` entry of `createPamServer` with a key it does not take (`secert`, `Secret`, `key`)
// was silently ignored: the misspelt entry sealed with whatever the other keys said, or failed later
// with a message about the length of a secret it never read. Every entry is `{ id, secret }` only:
// anything else is the core's `ConfigurationError` at creation, naming the entry and the key (a key
// as long as a secret is not quoted: it may be one), nothing sent to the API.

import { describe, expect, it } from 'vitest';
import { isPamError } from '../../src/errors/base';
import { ConfigurationError } from '../../src/errors/config';
import { createPamServer, type PamServerOptions } from '../../src/server/index';
import { useReferenceServer } from '../support/server';
import type { TestClock } from './harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const ref = useReferenceServer({ now: () => clock.now });
const SECRET = 'a-test-secret-of-at-least-32-characters!!';

/** What `createPamServer` threw for `secrets`, and whether it sent anything (the API's log, a fetch of its own). */
function refusal(secrets: unknown) {
  const before = ref.server.requests.length;
  let fetched = 0;
  let error: unknown = null;
  try {
    createPamServer({
      apiBaseURL: ref.server.url,
      secrets: secrets as PamServerOptions['secrets'],
      fetch: (() => {
        fetched++;
        return Promise.reject(new Error('no call expected'));
      }) as typeof fetch,
    });
  } catch (e) {
    error = e;
  }
  return {
    configuration: error instanceof ConfigurationError && isPamError(error),
    message: (error as Error | null)?.message ?? null,
    sent: ref.server.requests.length - before + fetched,
  };
}

describe('createPamServer: each secrets entry is { id, secret } only', () => {
  it.each([
    ['secert', { id: 'k1', secret: SECRET, secert: SECRET }],
    ['Secret', { id: 'k1', secret: SECRET, Secret: 'x' }],
    ['ID', { id: 'k1', ID: 'k2', secret: SECRET }],
    ['key', { id: 'k1', secret: SECRET, key: 'k1' }],
  ])('an entry with %s: ConfigurationError naming it, at creation, nothing sent', (key, entry) => {
    const r = refusal([{ id: 'k0', secret: SECRET }, entry]);
    expect(r).toEqual({
      configuration: true,
      message: expect.stringContaining(`secrets[1].${key}`),
      sent: 0,
    });
    expect(r.message).toMatch(/id, secret/);
    expect(r.message).not.toContain(SECRET);
  });

  it('a key as long as a secret is not quoted (it may be one)', () => {
    const r = refusal([{ id: 'k1', secret: SECRET, [SECRET]: true }]);
    expect(r).toMatchObject({ configuration: true, sent: 0 });
    expect(r.message).toMatch(/secrets\[0\]/);
    expect(r.message).not.toContain(SECRET);
  });

  it.each([
    ['null', null],
    ['a string', SECRET],
    ['a list', [SECRET, 'k1']],
  ])('an entry that is %s: ConfigurationError, nothing sent', (_, entry) => {
    const r = refusal([entry]);
    expect(r).toMatchObject({ configuration: true, sent: 0 });
    expect(r.message).not.toContain(SECRET);
  });

  it('the entries as they should be still create the server', () => {
    expect(refusal([{ id: 'k1', secret: SECRET }]).message).toBeNull();
  });
});

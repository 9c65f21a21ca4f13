// `createServerSessionClient({ prefix })` takes only what the server serves: a same-origin path like
// `/pam` (REVIEW-P P10). It took any string: an absolute or protocol-relative prefix sent the seed
// read and the login (the password) to another origin, and a bad one was refused naming `baseURL`.

import fc from 'fast-check';
import { ConfigurationError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { createServerSessionClient } from '../../machines/index';
import { turns } from '../support/event-loop';
import { FakeChannelHub } from '../support/fake-channel';

/** Creates a client with `prefix`; what its `fetch` was asked, and the channels it opened. */
async function tryPrefix(prefix: unknown) {
  const sent: string[] = [];
  const hub = new FakeChannelHub();
  const channel = hub.channel();
  let closed = false;
  channel.close = () => {
    closed = true;
  };
  const fetch = (async (input: RequestInfo | URL) => {
    sent.push(String(input));
    return new Promise<never>(() => {});
  }) as typeof globalThis.fetch;
  let error: unknown = null;
  try {
    const client = createServerSessionClient({ prefix: prefix as string, fetch, environment: { channel } });
    client.login({ login: 'player@example.com', password: 'secret-password' });
    await turns(3);
    client.stop();
  } catch (e) {
    error = e;
  }
  return { error, sent, closed };
}

const refused = [
  'https://evil.example/pam',
  '//evil.example/pam',
  'pam',
  '/pam?x=1',
  '/pam#x',
  'javascript:alert(1)',
  '/p am',
  '/pam/../x',
  '',
  '/',
  42,
  null,
];

describe('the prefix option (REVIEW-P P10)', () => {
  for (const prefix of refused)
    it(`refuses ${JSON.stringify(prefix)}: a ConfigurationError naming prefix, nothing sent`, async () => {
      const { error, sent } = await tryPrefix(prefix);
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as Error).message).toMatch(/\bprefix\b/);
      expect((error as Error).message).not.toMatch(/baseURL/);
      expect(sent).toEqual([]);
    });

  for (const prefix of ['/pam', '/api/pam', '/pam/', '/p_1-x']) {
    it(`takes ${prefix}`, async () => {
      const { error, sent } = await tryPrefix(prefix);
      expect(error).toBeNull();
      expect(sent.length).toBeGreaterThan(0);
    });
  }

  it('generated strings: taken only when a path like /pam (the server rule), else refused with nothing sent', async () => {
    const rule = /^(\/[A-Za-z0-9_-]+)+\/*$/;
    const piece = fc.constantFrom(
      '/',
      'pam',
      'a',
      '_',
      '-',
      '.',
      ':',
      '?',
      '#',
      ' ',
      '//',
      'http:',
      '%2F',
      '\\',
      '@',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(piece, { maxLength: 6 }).map((p) => p.join('')),
        async (prefix) => {
          const { error, sent } = await tryPrefix(prefix);
          if (rule.test(prefix)) expect(error).toBeNull();
          else {
            expect(error).toBeInstanceOf(ConfigurationError);
            expect(sent).toEqual([]);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

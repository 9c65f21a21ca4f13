// REVIEW-S S-5: a seed (`GET <prefix>/session`, or the page's) carrying a token field was taken:
// `user.token` silently dropped, `user.api_token` (any other key ending in `token`) kept in the
// view. The seed now follows the login answer's rule (any key ending in `token`, any case, any
// depth): it is no seed; the page's asks the server, the server's is an `invalid_response`.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSeed } from '../../machines/server-session/seed';
import { freshReadAt } from '../support/server-session-input';
import { NOON, seededClients, seedOf } from './seeded-client';

const T = 'tok-CANARY-0123456789abcdef';
const startSeededClient = seededClients();

describe('a seed carrying a token field (REVIEW-S S-5)', () => {
  it('(property) a token key anywhere in a signedIn seed makes it no seed; without one it is read', () => {
    const key = fc.tuple(
      fc.constantFrom('', 'api_', 'x-', 'refresh_', 'Access_'),
      fc.constantFrom('token', 'Token', 'TOKEN'),
    );
    fc.assert(
      fc.property(key, fc.constantFrom('top', 'user', 'userInfo', 'deep'), ([prefix, word], where) => {
        const seed = seedOf({ readAt: NOON }) as unknown as Record<string, Record<string, unknown>>;
        expect(parseSeed(seed)).not.toBeNull();
        const name = prefix + word;
        if (where === 'top') seed[name] = T as never;
        else if (where === 'deep') seed.userInfo = { ...seed.userInfo, nested: { a: [{ [name]: T }] } };
        else seed[where] = { ...seed[where], [name]: T };
        expect(parseSeed(seed)).toBeNull();
      }),
    );
  });

  it("the page's seed with user.api_token is not shown: the token reaches no view, the server is asked", async () => {
    const initial = seedOf({ readAt: freshReadAt(NOON) });
    (initial.user as unknown as Record<string, unknown>).api_token = T;
    const { views, reads, advance } = startSeededClient(initial, { at: NOON });
    await advance(0);
    expect(JSON.stringify(views)).not.toContain(T);
    expect(reads('/session')).toBeGreaterThanOrEqual(1);
  });
});

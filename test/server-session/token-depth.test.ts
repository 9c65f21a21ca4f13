// Review (server session, item 1): `carriesToken` stopped looking at depth 8, so a seed or a login
// answer with a token field 9 levels down was taken (the token could reach the view). Now one rule
// with the proxy's (src/server/strip.ts `stripTokens`): a key ending in "token" (any case) at any
// depth, and a value nested past the proxy's bound (64) counts as carrying one (fail closed: the
// client cannot know), bounded so a 100,000-level value costs 65 frames, never the stack.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serverSessionAuth } from '../../machines/server-session/auth';
import { carriesToken, parseSeed } from '../../machines/server-session/seed';
import type { HttpAdapter } from '../../src/index';
import { NestedTooDeep, stripTokens } from '../../src/server/strip';
import { loginAnswer, NOON, seedOf } from './seeded-client';

const T = 'tok-CANARY-0123456789abcdef';

/** `inner` under `depth` levels of `{ a: ... }` (built iteratively: any depth). */
const nest = (depth: number, inner: unknown): unknown => {
  let v = inner;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};

/** A completed login answer (as the proxy words one) with `userInfo.deep` set to `deep`. */
const loginWith = (deep: unknown) => {
  const body = loginAnswer({ expiresAt: NOON + 1e9 }).body;
  return { ...body, userInfo: { ...body.userInfo, deep } };
};

const httpAnswering = (body: unknown) =>
  ({ post: async () => body, get: async () => body }) as unknown as HttpAdapter;

const login = (body: unknown) =>
  serverSessionAuth(httpAnswering(body)).login({ login: 'player@example.com', password: 'pw' });

describe('a token field deeper than 8 levels (item 1)', () => {
  it('a seed with userInfo.deep... .api_token 9 to 60 levels down is no seed', () => {
    for (const depth of [9, 12, 30, 60]) {
      const seed = { ...seedOf({ readAt: NOON }), userInfo: { deep: nest(depth, { api_token: T }) } };
      expect(parseSeed(seed), `depth ${depth}`).toBeNull();
    }
  });

  it('a login answer with a token 10 levels down is refused (invalid_response), its token in no error', async () => {
    const error = await login(loginWith(nest(10, { access_token: T }))).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'invalid_response' });
    expect(JSON.stringify(error) + String((error as Error).message)).not.toContain(T);
  });

  it('a challenge carrying a token at any depth is refused too (one rule), a plain one passes', async () => {
    const challenge = { type: 'two_factor_code', message: 'code sent' };
    await expect(login({ ...challenge, meta: nest(3, { refresh_token: T }) })).rejects.toMatchObject({
      code: 'invalid_response',
    });
    await expect(login(challenge)).resolves.toEqual(challenge);
  });

  it('nested past the bound (65 levels, 100,000 levels): counts as carrying one, without overflowing', async () => {
    for (const depth of [65, 100_000]) {
      const deep = nest(depth, 'plain');
      expect(carriesToken(deep)).toBe(true);
      expect(parseSeed({ ...seedOf({ readAt: NOON }), userInfo: { deep } })).toBeNull();
      await expect(login(loginWith(deep))).rejects.toMatchObject({ code: 'invalid_response' });
    }
    // Within the bound and without a token: taken.
    expect(parseSeed({ ...seedOf({ readAt: NOON }), userInfo: { deep: nest(60, 'plain') } })).not.toBeNull();
    await expect(login(loginWith(nest(60, 'plain')))).resolves.toMatchObject({ user: { id: 4 } });
  });

  it("(property) the client's rule is the proxy's: carries a token iff stripTokens refuses or changes it", () => {
    const key = fc.oneof(
      fc.constantFrom(
        'a',
        'id',
        'user',
        'tokens',
        'token_type',
        'Token',
        'api_TOKEN',
        'push_token',
        'x',
        '__proto__',
      ),
      fc.string({ maxLength: 6 }),
    );
    const { tree } = fc.letrec((tie) => ({
      tree: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.boolean(), fc.constant(null)),
        fc.array(tie('tree'), { maxLength: 3 }),
        fc.dictionary(key, tie('tree'), { maxKeys: 3 }),
      ),
    }));
    // Wrapped 0 to 80 levels deep (in objects or arrays), so values on both sides of 64 are met.
    const value = fc
      .tuple(tree, fc.nat(80), fc.boolean())
      .map(([t, depth, inArrays]) =>
        inArrays ? Array.from({ length: depth }).reduce((v) => [v], t) : nest(depth, t),
      );
    fc.assert(
      fc.property(value, (v) => {
        let proxy: boolean;
        try {
          proxy = JSON.stringify(stripTokens(v)) !== JSON.stringify(v);
        } catch (error) {
          expect(error).toBeInstanceOf(NestedTooDeep);
          proxy = true;
        }
        expect(carriesToken(v)).toBe(proxy);
      }),
      { numRuns: 400 },
    );
  });
});

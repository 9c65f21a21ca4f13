// Old-versus-new equivalence of the SZMACH size cuts in the login's request (issue 33): the oracles
// are the code before the cut (889bdce), copied; the properties compare them with the shipped code.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { requestLogin, withoutUserToken } from '../../machines/login/request';
import { isPamError, secret } from '../../src/index';

// ---- The oracles (889bdce) ----

// (Since review 103 the rule is no longer the old one: every key naming a token, at any depth of
// `user` and `userInfo`, goes, as a profile's. The model: a walk that drops them, read as JSON.)
const dropTokens = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(dropTokens)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v)
            .filter(([k]) => !/token$/i.test(k))
            .map(([k, x]) => [k, dropTokens(x)]),
        )
      : v;
function oldWithoutUserToken<T extends object>(response: T): T {
  const { user, userInfo } = response as { user?: unknown; userInfo?: unknown };
  const json = (v: unknown) => JSON.parse(JSON.stringify(dropTokens(v)));
  return {
    ...response,
    ...(user ? { user: json(user) } : {}),
    ...(userInfo ? { userInfo: json(userInfo) } : {}),
  };
}

/**
 * The payload the old requestLogin sent, or the field it refused ('two_factor_code'). (Since
 * REVIEW32 R32-1 an empty code in a Secret is sent for the auth module to refuse as `too_small`,
 * no longer refused here as a code never persisted: only a code that is no Secret is.)
 */
function oldPayload(r: { login: string; password: string; appSource?: string; code?: unknown }) {
  const code = r.code as { reveal?: () => string } | undefined;
  if (code !== undefined && !(code instanceof Object && 'reveal' in code)) return 'two_factor_code';
  const payload: Record<string, unknown> = { login: r.login, password: r.password };
  if (r.appSource !== undefined) payload.app_source = r.appSource;
  if (code !== undefined) payload.two_factor_code = code.reveal!();
  return payload;
}

// A `user` as an answer may hold it: JSON values (no functions), with or without a `token`.
const user = fc.oneof(
  fc.jsonValue(),
  fc.constant(null),
  fc.constant(undefined),
  fc.dictionary(fc.string(), fc.jsonValue()).map((d) => ({ ...d, token: 'tok' })),
  fc.record({ token: fc.jsonValue(), id: fc.integer() }, { requiredKeys: [] }),
);

describe('SZMACH equivalence: the login request (issue 33)', () => {
  it('withoutUserToken: every JSON user and userInfo without a key naming a token, at any depth', () => {
    fc.assert(
      fc.property(user, user, fc.boolean(), (u, info, present) => {
        const response = present ? { access_token: 'a', user: u, userInfo: info } : { access_token: 'a' };
        expect(withoutUserToken(response)).toStrictEqual(oldWithoutUserToken(response));
      }),
    );
  });

  it('requestLogin: the same payload (keys in order) or the same refusal as before', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string(),
        fc.string({ minLength: 1 }),
        fc.option(fc.string(), { nil: undefined }),
        fc.oneof(
          fc.constant(undefined),
          fc.string().map((c) => secret(c)),
          fc.constant(secret('')),
          fc.string(),
          fc.constant(null),
        ),
        async (login, password, appSource, code) => {
          const sent: unknown[] = [];
          const auth = {
            login: async (p: unknown) => {
              sent.push(p);
              return { access_token: 't' } as never;
            },
          };
          const input = { auth, login, password: secret(password), appSource, code } as never;
          const expected = oldPayload({ login, password, appSource, code });
          const outcome = await toPromise(createActor(requestLogin, { input }).start()).then(
            () => 'sent',
            (e: unknown) => e,
          );
          if (expected === 'two_factor_code') {
            expect(
              isPamError(outcome) &&
                (outcome as unknown as { issues: { path: unknown[] }[] }).issues[0]!.path,
            ).toEqual(['two_factor_code']);
            expect(sent).toEqual([]);
          } else {
            expect(outcome).toBe('sent');
            expect(sent).toHaveLength(1);
            expect(sent[0]).toStrictEqual(expected);
            expect(Object.keys(sent[0] as object)).toEqual(Object.keys(expected));
          }
        },
      ),
    );
  });
});

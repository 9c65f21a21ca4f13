// Review R1/R2 of the token scrubbing (7003e8b): only the session's own secrets are hunted, keys
// are never rewritten, the judgement is made on the read as the API sent it, and a scrubber that
// fails or would cost without bound never answers for the proxy (real sockets, a hostile API).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serverRestrictions } from '../../src/server/seed';
import { authSecretsOf, MAX_SECRETS, ScrubFailure, scrubTokens } from '../../src/server/strip';
import { fullInfo, json, loginOk, pamFor, request, signIn, TOKEN, useHostile, user } from './hostile';

const hostile = useHostile();
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const PAUSED = () => {
  const now = Date.now();
  // The login's userInfo fields too: the profile route reads them with its schema.
  return fullInfo({
    ...loginOk().userInfo,
    user_pause: 7,
    user_pause_at: iso(now - DAY),
    user_pause_in: iso(now + 6 * DAY),
  });
};
const pauseKeys = (info: unknown) => Object.keys(info as object).filter((k) => /pause|redact/.test(k));

describe('R1: a token-named field of the profile never hides a restriction', () => {
  for (const extra of [
    { push_token: 'user_pause' },
    { device_token: 'user_pause' },
    { fcm_token: 'user_pause_in' },
  ]) {
    it(`a paused player whose profile holds ${JSON.stringify(extra)}: not free to bet, keys as sent`, async () => {
      const api = await hostile.api();
      api.handler = (req, res) => {
        if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
        return json(res, 200, { user: user(extra), userInfo: PAUSED() });
      };
      const pam = pamFor(api);
      const cookie = await signIn(pam);
      const view = await pam.getSession(request('/', { cookie }));
      expect(view.restrictions).toMatchObject({ status: 'current', canBet: false });
      expect(view.restrictions?.inForce.map((r) => r.kind)).toEqual(['pause']);
      expect(pauseKeys(view.initial.userInfo)).toEqual([
        'user_pause',
        'user_pause_at',
        'user_pause_in',
        'user_pause_min',
      ]);
      const seed = await (await pam.handle(request('/pam/session', { cookie })))!.json();
      expect(pauseKeys(seed.userInfo)).toEqual([
        'user_pause',
        'user_pause_at',
        'user_pause_in',
        'user_pause_min',
      ]);
      // The profile as the browser client reads it itself (relayed): the same keys.
      const relayed = await (await pam.handle(
        request('/pam/auth/user-profile?check_spa_again=1', { cookie }),
      ))!.json();
      expect(pauseKeys(relayed.userInfo)).toEqual([
        'user_pause',
        'user_pause_at',
        'user_pause_in',
        'user_pause_min',
      ]);
      expect(relayed.user).not.toHaveProperty(Object.keys(extra)[0]!);
    });
  }

  it('a userInfo value that spells the session token: shown redacted, restrictions unknown, canBet false', async () => {
    const api = await hostile.api();
    api.handler = (req, res) => {
      if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
      return json(res, 200, { user: user(), userInfo: fullInfo({ login_at: TOKEN }) });
    };
    const pam = pamFor(api);
    const cookie = await signIn(pam);
    const view = await pam.getSession(request('/', { cookie }));
    expect(view.initial.userInfo).toMatchObject({ login_at: '[redacted]' });
    expect(view.restrictions).toMatchObject({ status: 'unknown', canBet: false });
    expect(JSON.stringify(view)).not.toContain(TOKEN);
  });

  it('a key that spells the session token: the answer is refused (502, fixed, no token), never renamed', async () => {
    const api = await hostile.api();
    api.handler = (req, res) => {
      if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
      return json(res, 422, { message: 'no', errors: { [TOKEN]: ['as a key'] } });
    };
    const pam = pamFor(api);
    const cookie = await signIn(pam);
    const answer = (await pam.handle(
      request('/pam/bff/users/update-limits', { method: 'PATCH', cookie, body: { user_limit_deposit: 10 } }),
    ))!;
    const text = await answer.text();
    expect(answer.status).toBe(502);
    expect(JSON.parse(text)).toMatchObject({
      message: "The service's answer could not be passed on.",
      pam: 'invalid_response',
    });
    expect(text).not.toContain(TOKEN);
  });
});

describe('R2: token-named keys cost nothing, a failing scrubber answers 502', () => {
  const n = 3000;
  const many = () => {
    const body: Record<string, unknown> = {
      message: Array.from({ length: n }, (_, i) => `abcdefgh${i}`).join(' '),
    };
    for (let i = 0; i < n; i++) body[`k${i}_token`] = `abcdefgh${i}`;
    return body;
  };

  it('an answer with 3000 token-named keys: answered 200, keys dropped, the text intact', async () => {
    const api = await hostile.api();
    api.handler = (req, res) => {
      if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
      return json(res, 200, many());
    };
    const pam = pamFor(api);
    const cookie = await signIn(pam);
    const answer = (await pam.handle(request('/pam/bff/users/login-history', { cookie })))!;
    // More than MAX_SECRETS hunted would be a 502 (ScrubFailure): a 200 counts them. One word of
    // the text, `abcdefgh1234`, is a 12-character run of the session's token (`TOKEN`): a cut
    // echo of it, redacted (R30-2); every other word as sent.
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      message: (many().message as string).replace(' abcdefgh1234 ', ' [redacted] '),
    });
  });

  it('the secrets hunted are counted: none from token-named keys, at most four per auth answer, refused past MAX_SECRETS', () => {
    expect(authSecretsOf(many())).toEqual([]);
    expect(authSecretsOf({ ...many(), user: many() })).toEqual([]);
    const tokenish = (i: number) => `tok-${i}-abcdefghijklmnop`;
    const auth = {
      access_token: tokenish(1),
      refresh_token: tokenish(2),
      token: tokenish(3),
      user: { token: tokenish(4), push_token: tokenish(5) },
    };
    expect(authSecretsOf(auth)).toEqual([tokenish(1), tokenish(2), tokenish(3), tokenish(4)]);
    expect(authSecretsOf({ access_token: 'short' })).toEqual([]);
    // A token field the server would not hold (a space: not header-safe) cannot be hunted: refused (review 7).
    expect(() => authSecretsOf({ token: 'has a space in it!' })).toThrow(ScrubFailure);
    const secrets = Array.from({ length: MAX_SECRETS + 1 }, (_, i) => tokenish(i));
    expect(() => scrubTokens({ a: 'x' }, secrets)).toThrow(ScrubFailure);
    expect(scrubTokens({ a: `x ${tokenish(0)}` }, secrets.slice(0, MAX_SECRETS))).toEqual({
      a: 'x [redacted]',
    });
  });

  it("a scrubber that throws (a RegExp's error spells the secrets): a ScrubFailure without them", () => {
    const failing = (secrets: Iterable<string>) => {
      throw new SyntaxError(`Invalid regular expression: /${[...secrets].join('|')}/: too large`);
    };
    let thrown: unknown;
    try {
      scrubTokens({ a: 'x' }, [TOKEN], failing);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ScrubFailure);
    expect(String((thrown as Error).message)).not.toContain(TOKEN);
    expect((thrown as Error).cause).toBeUndefined();
  });

  it('a body that cannot be scrubbed: handle answers the typed 502 with a fixed message, getSession is unavailable', async () => {
    const api = await hostile.api();
    api.handler = (req, res) => {
      if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
      // A key that spells the token: no scrubbing can pass it on (keys are never rewritten).
      if (req.url?.startsWith('/bff/users/login-history')) return json(res, 200, { data: [{ [TOKEN]: 1 }] });
      return json(res, 200, { user: user(), userInfo: { ...fullInfo(), [TOKEN]: 1 } });
    };
    const pam = pamFor(api);
    const cookie = await signIn(pam);
    const answer = (await pam.handle(request('/pam/bff/users/login-history', { cookie })))!;
    const text = await answer.text();
    expect(answer.status).toBe(502);
    expect(JSON.parse(text)).toEqual({
      message: "The service's answer could not be passed on.",
      pam: 'invalid_response',
      issues: [{ path: [], code: 'custom', message: 'the answer could not be freed of the session token' }],
    });
    expect(text).not.toContain(TOKEN);
    const view = await pam.getSession(request('/', { cookie }));
    expect(view.initial.status).toBe('unavailable');
    expect(view.restrictions).toBeNull();
    expect(JSON.stringify(view)).not.toContain(TOKEN);
  });
});

describe('property: a player the profile bars is never free to bet, whatever token-named fields it holds', () => {
  const INFO_KEYS = Object.keys(fullInfo());
  const barring = fc.constantFrom<(now: number) => Record<string, unknown>>(
    (now) => ({ user_pause: 3, user_pause_at: iso(now - DAY), user_pause_in: iso(now + 2 * DAY) }),
    (now) => ({ user_exclusion: 6, user_exclusion_at: iso(now - DAY) }),
    (now) => ({ user_exclusion: -1, user_exclusion_at: iso(now - 30 * DAY) }),
    () => ({ operator_exclusion: 1 }),
    () => ({ spa_exclusion: 1 }),
  );
  const tokenKey = fc.oneof(
    fc.constantFrom(
      'push_token',
      'device_token',
      'fcm_token',
      'pushToken',
      'CSRF_TOKEN',
      'token',
      'refresh_token',
    ),
    fc.stringMatching(/^[a-z_]{1,12}$/).map((k) => `${k}_token`),
  );
  const tokenValue = (info: Record<string, unknown>, barKeys: string[]) =>
    fc.oneof(
      { arbitrary: fc.constantFrom(...barKeys), weight: 3 }, // the fields that bar: what R1 renamed
      fc.constantFrom(...INFO_KEYS, ...Object.keys(info)),
      fc.constantFrom(...Object.values(info).map(String)),
      fc.string({ maxLength: 40 }),
    );

  it('getSession().restrictions.canBet is false whenever the unscrubbed profile bars the player', async () => {
    const api = await hostile.api();
    let profile: unknown = {};
    api.handler = (req, res) => {
      if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
      return json(res, 200, profile);
    };
    const pam = pamFor(api);
    const cookie = await signIn(pam);
    await fc.assert(
      fc.asyncProperty(
        barring.chain((bar) => {
          const barred = bar(Date.now());
          const info = fullInfo(barred);
          const field = fc.tuple(
            fc.constantFrom('user', 'userInfo', 'top'),
            tokenKey,
            tokenValue(info, Object.keys(barred)),
          );
          return fc.tuple(fc.constant(info), fc.array(field, { maxLength: 6 }));
        }),
        async ([info, extras]) => {
          const raw = { user: user(), userInfo: { ...info } as Record<string, unknown> } as Record<
            string,
            Record<string, unknown>
          >;
          for (const [where, key, value] of extras) {
            const target = where === 'top' ? raw : raw[where]!;
            target[key] = value;
          }
          profile = raw;
          // The oracle: the profile as sent bars the player.
          expect(serverRestrictions(raw.user, raw.userInfo!, Date.now()).canBet).toBe(false);
          const view = await pam.getSession(request('/', { cookie }));
          expect(view.restrictions?.canBet ?? false).toBe(false);
          expect(view.initial.status).not.toBe('signedOut');
        },
      ),
      { numRuns: 60 },
    );
  });
});

// REVIEW-AC AC-5: a captcha provider's answer that is not a non-empty string (a number, an object,
// true, null, undefined, '', a rejection, a throw; sync or as a promise) is a typed error and
// NOTHING is sent, for every call that takes a provider: the login, its two-factor step, the
// registration, and the user module's sensitive changes. Before the fix a non-string answer sent
// the login WITHOUT `captcha_token` (taken as "no captcha"). Over real sockets against the
// reference server; the error never holds the provider's answer.

import fc from 'fast-check';
import { sessionActorOf } from 'pam-client/devtools';
import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { isPamError, updateProfile } from '../../src/index';
import { CANARY, everythingAbout } from '../support/canary';
import { authCallWith, bodiesOn, useCaptchaClients, userHttpOf } from '../support/captcha-calls';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
const { client, stopAll } = useCaptchaClients(ctx);

// biome-ignore lint/suspicious/noExplicitAny: a caught error, read field by field
type Loose = any;

type Call = 'login' | 'code' | 'register' | 'updateProfile';
const PATH: Record<Call, string> = {
  login: '/auth/login',
  code: '/auth/login',
  register: '/auth/register-simplified',
  updateProfile: '/users/update',
};

/** What a provider does: answers `value` (at once or as a promise), or throws / rejects. */
type Answer = { kind: 'value'; value: unknown; async: boolean } | { kind: 'throw' | 'reject' };

const provider = (a: Answer) => () => {
  if (a.kind !== 'value') {
    const error = new Error(`widget broke ${CANARY.captcha}`);
    if (a.kind === 'throw') throw error;
    return Promise.reject(error);
  }
  return a.async ? Promise.resolve(a.value) : a.value;
};

/** Sent iff the provider answered a non-empty string (each generated one is under the 8,192 bound). */
const sendable = (a: Answer) => a.kind === 'value' && typeof a.value === 'string' && a.value !== '';

const bodies = (path: string) => bodiesOn(ctx.server, path);

const userHttp = () => userHttpOf(ctx.server);

/** Makes `call` with `captcha` as its captcha provider; gives the error it ended with (or null). */
async function callWith(call: Call, captcha: () => unknown): Promise<unknown> {
  if (call === 'updateProfile') {
    return updateProfile(userHttp(), ctx.server.seed.plain.id, {
      first_name: 'Ana',
      captcha_token: captcha as () => string,
    }).then(
      () => null,
      (e) => e,
    );
  }
  return authCallWith(ctx.server, client(), call, captcha);
}

const answers: fc.Arbitrary<Answer> = fc.oneof(
  fc.record({
    kind: fc.constant('value' as const),
    value: fc.oneof(
      fc.string({ maxLength: 24 }),
      fc.constant(''),
      fc.constant(CANARY.captcha),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
      fc.constant({ token: CANARY.captcha }),
      fc.constant([CANARY.captcha]),
      fc.object({ maxDepth: 1 }),
    ),
    async: fc.boolean(),
  }),
  fc.constant({ kind: 'throw' as const }),
  fc.constant({ kind: 'reject' as const }),
);

async function check(call: Call, a: Answer) {
  ctx.server.reset();
  const error: Loose = await callWith(call, provider(a));
  const sent = bodies(PATH[call]);
  if (sendable(a)) {
    expect(sent.map((b) => b.captcha_token)).toEqual([(a as { value: string }).value]);
    return;
  }
  // Nothing sent, a typed error: the provider's failure is the app's (`unexpected`), an answer
  // that is no token `invalid_request` on `captcha_token`; nothing of the answer in it.
  expect(sent).toEqual([]);
  expect(isPamError(error)).toBe(true);
  expect(error.code).toBe(a.kind === 'value' ? 'invalid_request' : 'unexpected');
  expect(
    a.kind === 'value' ? [...new Set(error.issues.map((i: Loose) => i.path.join('.')))] : ['captcha_token'],
  ).toEqual(['captcha_token']);
  expect(everythingAbout(error)).not.toContain(CANARY.captcha);
}

describe('a captcha provider answering no token: typed error, nothing sent (AC-5)', () => {
  it.each<[Call, string, unknown]>([
    ['login', 'a number', 42],
    ['login', 'an object', { token: CANARY.captcha }],
    ['login', 'true', true],
    ['login', 'null', null],
    ['login', 'undefined', undefined],
    ['code', 'a number', 42],
    ['code', 'an object', { token: CANARY.captcha }],
    ['register', 'a number', 42],
    ['register', 'an object', { token: CANARY.captcha }],
    ['updateProfile', 'an object', { token: CANARY.captcha }],
    ['updateProfile', 'true', true],
    ['updateProfile', 'null', null],
  ])('%s, provider answering %s', async (call, _, value) => {
    await check(call, { kind: 'value', value, async: false });
    await check(call, { kind: 'value', value, async: true });
  });

  it('a code step refused for its provider keeps the step and the code uncounted', async () => {
    const c = client();
    const { email, password, twoFactorCode } = ctx.server.seed.twoFactor;
    c.login({ login: email, password });
    await until(
      () => c.view.status === 'twoFactorRequired',
      () => `still ${c.view.status}`,
    );
    const left = c.view.codeAttemptsLeft;
    const before = bodies('/auth/login').length;
    c.submitCode(twoFactorCode!, (() => 42) as never);
    await until(
      () => !!c.view.error,
      () => `still ${c.view.status}`,
    );
    expect(c.view.status).toBe('twoFactorRequired');
    expect(c.view.codeAttemptsLeft).toBe(left);
    expect(bodies('/auth/login').length).toBe(before);
    // The right token then signs in.
    c.submitCode(twoFactorCode!, () => 'fresh-captcha-token');
    await waitFor(sessionActorOf(c), (s) => s.matches('signedIn'), { timeout: 10_000 });
    expect(bodies('/auth/login').at(-1)?.captcha_token).toBe('fresh-captcha-token');
  });

  it('property: over answers and calls, sent iff a non-empty string, and as given', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Call>('login', 'code', 'register', 'updateProfile'),
        answers,
        async (call, a) => {
          stopAll();
          await check(call, a);
        },
      ),
      { numRuns: 80 },
    );
  }, 60_000);
});

import { describe, expect, it } from 'vitest';
import {
  changePassword,
  createOfetchAdapter,
  createUserModule,
  type HttpAdapter,
  isPamError,
  secret,
  updateProfile,
} from '../../src/index';
import { CANARY, everythingAbout, leakedCanaries } from '../support/canary';
import { REAL_TIME_TIMEOUT_MS, useReferenceServer } from '../support/server';

// REVIEW-Y Y-12: a captcha token is single-use, so a user-module payload's `captcha_token` may be
// a provider (as the login's), called at each send: the first and every step-up resend. Over real
// sockets against the reference server (it asks for `password_check` on an e-mail change).

const ctx = useReferenceServer();

// biome-ignore lint/suspicious/noExplicitAny: a caught error, read field by field
type Loose = any;

function http(): HttpAdapter {
  const token = ctx.server.issueToken(ctx.server.seed.plain.id);
  return createOfetchAdapter({
    baseURL: ctx.server.url,
    getAccessToken: () => token,
    timeout: REAL_TIME_TIMEOUT_MS,
  });
}
const sent = (path: string) => ctx.server.requests.filter((r) => r.path.startsWith(path)).map((r) => r.body);
const tokens = (path: string) => sent(path).map((b) => (b as { captcha_token?: unknown }).captcha_token);

/** A provider counting its calls: `captcha-1-…`, `captcha-2-…` (sync or async). */
function provider(async = false) {
  const p = Object.assign(
    () => {
      const token = `captcha-${++p.calls}-abcdefghijklmnop`;
      return async ? Promise.resolve(token) : token;
    },
    { calls: 0 },
  );
  return p;
}

describe('captcha_token as a provider (Y-12)', () => {
  it.each([false, true])('standalone updateProfile: called once per send, async %s', async (async) => {
    const captcha = provider(async);
    const id = ctx.server.seed.plain.id;
    await updateProfile(http(), id, { first_name: 'Ana', captcha_token: captcha });
    expect(captcha.calls).toBe(1);
    expect(tokens('/users/update')).toEqual(['captcha-1-abcdefghijklmnop']);
  });

  it('a step-up resend carries a fresh token (module and standalone)', async () => {
    const id = ctx.server.seed.plain.id;
    const password = ctx.server.seed.plain.password;
    const captcha = provider();
    let asked = 0;
    await createUserModule(http()).updateProfile(
      id,
      { email: 'ana.fresh@example.com', captcha_token: captcha },
      {
        onStepUp: async () => {
          asked++;
          return secret(password);
        },
      },
    );
    expect(asked).toBe(1);
    expect(captcha.calls).toBe(2);
    expect(tokens('/users/update')).toEqual(['captcha-1-abcdefghijklmnop', 'captcha-2-abcdefghijklmnop']);
    // A string stays as given (one send, one token).
    await changePassword(http(), id, {
      old_password: password,
      password: 'Newer456!',
      password_confirmation: 'Newer456!',
      captcha_token: 'static-captcha-token-123',
    });
    expect(tokens('/users/change-password')).toEqual(['static-captcha-token-123']);
  });

  it.each([
    [
      'throws',
      () => {
        throw new Error(`no ${CANARY.password}`);
      },
      'unexpected',
    ],
    ['rejects', () => Promise.reject(new TypeError(`no ${CANARY.password}`)), 'unexpected'],
    ['returns a number', () => 42, 'invalid_request'],
    ['resolves undefined', async () => undefined, 'invalid_request'],
    ['returns an empty token', () => '', 'invalid_request'],
  ])('a provider that %s: a typed error, nothing sent, nothing of it kept', async (_, captcha, code) => {
    const id = ctx.server.seed.plain.id;
    const before = ctx.server.requests.length;
    const payload = { first_name: 'Ana', captcha_token: captcha as () => string };
    const error: Loose = await updateProfile(http(), id, payload).catch((e) => e);
    expect(isPamError(error)).toBe(true);
    expect(error.code).toBe(code);
    if (code === 'invalid_request')
      expect([...new Set(error.issues.map((i: Loose) => i.path.join('.')))]).toEqual(['captcha_token']);
    expect(ctx.server.requests.length).toBe(before);
    expect(leakedCanaries(everythingAbout(error))).toEqual([]);
  });

  it('a provider failing on the step-up resend: typed, the resend not sent', async () => {
    const id = ctx.server.seed.plain.id;
    let calls = 0;
    const captcha = () =>
      ++calls === 1 ? 'captcha-first-abcdefghijk' : Promise.reject(new Error(CANARY.password));
    const error: Loose = await updateProfile(
      http(),
      id,
      { email: 'ana.twice@example.com', captcha_token: captcha },
      { onStepUp: async () => ctx.server.seed.plain.password },
    ).catch((e) => e);
    expect(error.code).toBe('unexpected');
    expect(calls).toBe(2);
    expect(tokens('/users/update')).toEqual(['captcha-first-abcdefghijk']);
    expect(leakedCanaries(everythingAbout(error))).toEqual([]);
  });
});

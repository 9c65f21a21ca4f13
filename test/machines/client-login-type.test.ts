import { RequestValidationError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { loginFields } from '../../machines/client/view-hub';
import { useReferenceServer } from '../support/server';
import { useSignedOutClients } from '../support/signed-out-client';

// `client.login({ type, … })`: a `type` of the caller's that is no LOGIN (a REGISTER's or another
// command's given to `client.login`) contradicts the call; LoginCredentials has no `type` (API.md:
// the session's LOGIN takes `{login, password, captchaToken?, appSource?}`). Refused at the call:
// a RequestValidationError (`unrecognized_key` at `type`), nothing sent, the session untouched.
// Before, it was overwritten and the call went out as a login. `type: 'LOGIN'` (the command's own) is
// taken, as `{ type: 'LOGIN', ...fields }` always was; a `type` key set to undefined is a key given,
// refused as Y-11 refuses any key given as undefined.
const ctx = useReferenceServer();
const signedOutClient = useSignedOutClients(ctx);

describe('client.login with a type of its own', () => {
  for (const type of ['REGISTER', 'SUBMIT_CODE', 'LOGOUT', 'login', 1, null, undefined])
    it(`refuses type ${JSON.stringify(type)}: RequestValidationError at type, nothing sent, still signedOut`, async () => {
      const { c, actor } = await signedOutClient();
      const { email, password } = ctx.server.seed.plain;
      let error: unknown = null;
      try {
        c.login({ login: email, password: 'pw-canary-2b71', type } as never);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(RequestValidationError);
      const issues = (error as RequestValidationError).issues;
      expect(issues.map((i) => [i.path, i.code])).toEqual([[['type'], 'unrecognized_key']]);
      expect(JSON.stringify([error, (error as Error).message])).not.toContain('canary');
      expect(actor.getSnapshot().value).toBe('signedOut');
      expect(c.view.error).toBeNull();
      // The client still signs in, and the refused call never went out: one login reached the
      // server, this one (no real-time wait for what did not happen).
      c.login({ login: email, password });
      await waitFor(actor, (s) => s.matches('signedIn') || s.matches('failed'), { timeout: 10_000 });
      expect(actor.getSnapshot().value).toBe('signedIn');
      expect(ctx.server.requests.filter((r) => r.path === '/auth/login')).toHaveLength(1);
      expect(JSON.stringify(ctx.server.requests)).not.toContain('canary');
    });

  for (const extra of [{ type: 'LOGIN' }, {}])
    it(`takes ${JSON.stringify(extra)} (the command's own type, or none): signs in`, async () => {
      const { c, actor } = await signedOutClient();
      const { email, password } = ctx.server.seed.plain;
      c.login({ login: email, password, ...extra } as never);
      await waitFor(actor, (s) => s.matches('signedIn') || s.matches('failed'), { timeout: 10_000 });
      expect(actor.getSnapshot().value).toBe('signedIn');
    });

  it('loginFields: the same rule for both clients (createServerSessionClient uses it too)', () => {
    expect(loginFields({ login: 'a', type: 'LOGIN' })).toEqual({ login: 'a', type: 'LOGIN' });
    expect(loginFields({ login: 'a' })).toEqual({ login: 'a', type: 'LOGIN' });
    expect(() => loginFields({ login: 'a', type: 'REGISTER' })).toThrow(RequestValidationError);
    // A key the login does not take: the same error, at the call (FIXSMALL20).
    expect(() => loginFields({ login: 'a', captcha_token: 'x' })).toThrow(RequestValidationError);
    // Unreadable (a Proxy trap): no fields, refused by the session as invalid input (REVIEW-O 7).
    const trap = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('trap');
        },
      },
    );
    expect(loginFields(trap)).toEqual({ type: 'LOGIN' });
  });
});

// Review 98. Severity: LOW.
// What happens: `transformWalletResponse` promises (src/wallet/transform.ts:86-89, API.md "Wallet")
// a `ResponseValidationError` when reading `raw` throws, "its error is dropped". Its catch
// (transform.ts:102-104) passes on ANY value that `isPamError` accepts, so a getter or Proxy trap of
// the input that throws a PamError (a real one of this package, e.g. an `UnauthorizedError` from a
// lazy getter that fetched, or a forged object carrying the public brand
// `Symbol.for('pam-client.error')` and a known code) escapes as is: the caller gets an
// `unauthorized` error (an app ends the session on it) or a plain object that is not an Error at
// all, with whatever message the thrower chose (a secret in it), instead of the typed
// `invalid_response`.
// What should happen: only the transform's own refusals pass; anything thrown while reading `raw`
// becomes `ResponseValidationError` (operation 'transformWalletResponse', code 'invalid_response'),
// its message dropped.
import { ResponseValidationError, transformWalletResponse, UnauthorizedError } from 'pam-client';
import { describe, expect, it } from 'vitest';

const caught = (f: () => unknown): unknown => {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
};

describe('transformWalletResponse: an error thrown while reading raw is dropped, whatever it is', () => {
  it('a getter throwing a real PamError (unauthorized) gives invalid_response, not unauthorized', () => {
    const raw = {
      get real(): unknown {
        throw new UnauthorizedError({ status: 401, method: 'GET', path: '/wallet' });
      },
    };
    const error = caught(() => transformWalletResponse(raw));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).code).toBe('invalid_response');
    expect((error as ResponseValidationError).operation).toBe('transformWalletResponse');
  });

  it('a getter throwing a forged branded object: a typed error, the object and its message dropped', () => {
    const forged = {
      [Symbol.for('pam-client.error')]: true,
      code: 'unauthorized',
      message: 'token hunter2-0123456789abcdef',
    };
    const raw = {
      real: {
        get credit(): unknown {
          throw forged;
        },
      },
    };
    const error = caught(() => transformWalletResponse(raw));
    expect(error).not.toBe(forged);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).code).toBe('invalid_response');
    expect(`${String((error as Error).message)} ${JSON.stringify(error)}`).not.toContain('hunter2');
  });
});

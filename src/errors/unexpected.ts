import { PamError, type PamErrorOptions } from './base';

/**
 * A failure that is not pam-client's own: something else threw (a bug, a callback of yours, a
 * polyfill) where a `PamError` was expected. Neither the foreign error's message nor the error
 * itself is kept (either could quote a secret): `cause` is a fresh `Error` named like the
 * original, and `message` names its class. Not `invalid_response`: the server said nothing wrong.
 *
 * @example
 * catch (e) { if (isPamError(e) && e.code === 'unexpected') reportBug(e.cause); }
 */
export class UnexpectedError extends PamError {
  declare readonly code: 'unexpected';
  constructor(message: string, options?: PamErrorOptions) {
    super('unexpected', message, options);
    this.name = 'UnexpectedError';
  }
}

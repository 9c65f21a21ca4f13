import { PamError } from './base';

/**
 * The server did not accept the two-factor code: it answered the login (2xx) by asking for a code
 * again. A verdict on what the player typed, not a malformed answer (`invalid_response`) and not a
 * transport failure; the code itself is never in the error.
 *
 * @example
 * if (isPamError(e) && e.code === 'two_factor_rejected') showCodeError();
 */
export class TwoFactorRejectedError extends PamError {
  declare readonly code: 'two_factor_rejected';
  constructor(message = 'The two-factor code was not accepted') {
    super('two_factor_rejected', message);
    this.name = 'TwoFactorRejectedError';
  }
}

import { PamError } from './base';

/**
 * A sensitive change refused BEFORE sending: the player's step-up passwords are used up (three
 * wrong ones in a row, counted per player and shared by the tabs of an origin), or the server
 * answered a password check with 429; or (`pending: true`) every attempt left is a password sent
 * whose answer is not known (on its way, or its page gone): none is counted as wrong. Code
 * `step_up_locked`; `retryAt` is when a password may be sent again, in SERVER time (epoch ms of
 * the clock the client counts with: `environment.serverNow` under `createPamClient`). It never
 * holds the password.
 *
 * @example
 * catch (e) {
 *   if (isPamError(e) && e.code === 'step_up_locked') showLocked(describeError(e).title);
 * }
 */
export class StepUpLockedError extends PamError {
  declare readonly code: 'step_up_locked';
  /** Server-time epoch ms from which a password may be sent again. */
  declare readonly retryAt: number;
  /** True when refused for passwords still unanswered, not for wrong ones; else absent. */
  declare readonly pending?: true;
  constructor(retryAt: number, options?: { cause?: unknown; pending?: boolean }) {
    super(
      'step_up_locked',
      `too many ${options?.pending ? 'unanswered' : 'wrong'} passwords: try again later`,
    );
    this.name = 'StepUpLockedError';
    this.retryAt = retryAt;
    if (options?.pending) this.pending = true;
    if (options?.cause !== undefined) {
      // Not enumerable: a step_up_required it stands for stays off spreads and JSON (a new
      // property's flags default to false: not enumerable, not writable, not configurable).
      Object.defineProperty(this, 'cause', { value: options.cause });
    }
  }
}

import { PamError, type PamErrorOptions } from './base';

/**
 * No answer: connection refused, reset, DNS failure, CORS, offline.
 *
 * @example
 * catch (e) { if (isPamError(e) && e.code === 'network') showOffline(); }
 */
export class NetworkError extends PamError {
  declare readonly code: 'network';
  constructor(method: string, path: string, options?: PamErrorOptions) {
    super('network', `${method} ${path} got no response`, options);
    this.name = 'NetworkError';
  }
}

/**
 * The request took longer than the adapter's `timeout`.
 *
 * @example
 * catch (e) { if (isPamError(e) && e.code === 'timeout') retryLater(); }
 */
export class TimeoutError extends PamError {
  declare readonly code: 'timeout';
  declare readonly timeoutMs: number;
  constructor(method: string, path: string, timeoutMs: number) {
    super('timeout', `${method} ${path} timed out after ${timeoutMs} ms`);
    this.name = 'TimeoutError';
    this.timeoutMs = timeoutMs;
  }
}

/**
 * The caller's signal aborted (or the machine that invoked the request stopped).
 *
 * @example
 * catch (e) { if (isPamError(e) && e.code === 'aborted') return; }
 */
export class AbortedError extends PamError {
  declare readonly code: 'aborted';
  constructor(method: string, path: string) {
    super('aborted', `${method} ${path} was aborted`);
    this.name = 'AbortedError';
  }
}

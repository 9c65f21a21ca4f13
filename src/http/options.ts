import { ConfigurationError } from '../errors/config';
import { isHeaderSafeToken } from '../schemas/common';
import { MAX_TIMER_MS } from './sleep';
import type { OfetchAdapterOptions } from './types';
import { isAbsoluteURL } from './url';

/** The adapter's timeout per request when none is given: the one default (the session reads it too). */
export const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_RETRY = 1;
/** More GET retries than this only delay the answer; a larger (or infinite) `retry` is capped. */
const MAX_RETRY = 10;

/** The adapter's options, checked once when it is created. */
export interface Settings {
  baseURL: string;
  tokenType: string;
  /** Milliseconds, at most `MAX_TIMER_MS`, or `Infinity` for no timeout. */
  timeout: number;
  retries: number;
}

const pageURL = (): string | undefined => {
  const href = (globalThis as { location?: { href?: unknown } }).location?.href;
  return typeof href === 'string' ? href : undefined;
};

/**
 * Checks and normalises the options, or throws a `ConfigurationError` saying what to change:
 * - `baseURL` must be absolute outside a browser (there is no page to resolve `/api` against);
 *   with your own `fetch`, a relative one is passed to it as is;
 * - `timeout`: a positive number of ms; above 2^31-1 it is clamped (a timer cannot wait longer);
 *   `Infinity` means no timeout; 0, a negative number or NaN is refused;
 * - `retry`: a whole number of GET retries, capped at 10 (NaN and negatives: 0);
 * - `tokenType`: a header-safe word.
 */
export function settingsOf(options: OfetchAdapterOptions): Settings {
  const { baseURL } = options;
  if (typeof baseURL !== 'string' || baseURL.trim() === '') {
    throw new ConfigurationError('baseURL must be a URL such as https://api.example.com');
  }
  if (isAbsoluteURL(baseURL)) {
    if (!canParse(baseURL)) throw new ConfigurationError('baseURL is not a valid URL');
  } else if (pageURL() === undefined && !options.fetch) {
    throw new ConfigurationError(
      'baseURL must be absolute here (e.g. https://api.example.com): a relative one only works in a browser page',
    );
  }
  for (const name of ['onServerDate', 'onNoServerDate'] as const)
    if (options[name] !== undefined && typeof options[name] !== 'function')
      throw new ConfigurationError(`${name} must be a function`);
  const tokenType = options.tokenType ?? 'Bearer';
  if (!isHeaderSafeToken(tokenType))
    throw new ConfigurationError('tokenType must be a single word such as Bearer');
  return { baseURL, tokenType, timeout: timeoutOf(options.timeout), retries: retriesOf(options.retry) };
}

function timeoutOf(timeout: number | undefined): number {
  if (timeout === undefined) return DEFAULT_TIMEOUT_MS;
  if (timeout === Number.POSITIVE_INFINITY) return timeout;
  if (typeof timeout !== 'number' || !(timeout > 0)) {
    throw new ConfigurationError('timeout must be a positive number of milliseconds (Infinity: none)');
  }
  return Math.min(MAX_TIMER_MS, timeout);
}

function retriesOf(retry: number | undefined): number {
  if (retry === undefined) return DEFAULT_RETRY;
  return typeof retry === 'number' && retry > 0 ? Math.min(MAX_RETRY, Math.floor(retry)) : 0;
}

/** A relative request URL made absolute against the page, when there is one (Node's fetch needs it). */
export function absoluteURL(url: string): string {
  const page = isAbsoluteURL(url) ? undefined : pageURL();
  return page === undefined ? url : new URL(url, page).href;
}

function canParse(url: string): boolean {
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
}

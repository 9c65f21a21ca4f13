import { describe, expect, it } from 'vitest';
import { backoffDelay, retryDelay } from '../../src/http/backoff';
import { HttpError, NetworkError, TimeoutError, UnauthorizedError } from '../../src/http/errors';

const http = (status: number, retryAfter?: number) =>
  new HttpError({ status, method: 'GET', path: '/x', retryAfter });

describe('backoffDelay', () => {
  it('draws from [0, 250 * 2^attempt), capped at 5 s', () => {
    expect(backoffDelay(0, () => 0)).toBe(0);
    expect(backoffDelay(0, () => 0.999999)).toBe(249);
    expect(backoffDelay(1, () => 0.5)).toBe(250);
    expect(backoffDelay(3, () => 0.5)).toBe(1000);
    expect(backoffDelay(10, () => 0.999999)).toBe(4999);
    expect(backoffDelay(60, () => 0.5)).toBe(2500);
  });
});

describe('retryDelay', () => {
  const half = () => 0.5;

  it('retries network errors, timeouts, 5xx and 429 with backoff', () => {
    expect(retryDelay(new NetworkError('GET', '/x'), 0, half)).toBe(125);
    expect(retryDelay(new TimeoutError('GET', '/x', 10), 1, half)).toBe(250);
    expect(retryDelay(http(500), 0, half)).toBe(125);
    expect(retryDelay(http(503), 0, half)).toBe(125);
    expect(retryDelay(http(429), 0, half)).toBe(125);
  });

  it('does not retry other 4xx', () => {
    expect(retryDelay(http(400), 0, half)).toBeUndefined();
    expect(retryDelay(http(404), 0, half)).toBeUndefined();
    expect(retryDelay(http(422), 0, half)).toBeUndefined();
    expect(
      retryDelay(new UnauthorizedError({ status: 401, method: 'GET', path: '/x' }), 0, half),
    ).toBeUndefined();
  });

  it('waits what Retry-After says, up to 30 s, and gives up beyond', () => {
    expect(retryDelay(http(429, 0), 0, half)).toBe(0);
    expect(retryDelay(http(503, 3), 0, half)).toBe(3000);
    expect(retryDelay(http(429, 30), 0, half)).toBe(30_000);
    expect(retryDelay(http(429, 31), 0, half)).toBeUndefined();
  });
});

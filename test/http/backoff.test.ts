import { describe, expect, it } from 'vitest';
import { HttpError, NetworkError, TimeoutError, UnauthorizedError } from '../../src/errors/index';
import { backoffDelay, retryDelay } from '../../src/http/waiting';

const http = (status: number, retryAfter?: number) =>
  new HttpError({ status, method: 'GET', path: '/x', retryAfter });

describe('backoffDelay', () => {
  const full = (r: number) => ({ jitter: 'full' as const, random: () => r });
  it('with full jitter draws from [0, 250 * 2^attempt), capped at 5 s', () => {
    expect(backoffDelay(0, full(0))).toBe(0);
    expect(backoffDelay(0, full(0.999999))).toBe(249);
    expect(backoffDelay(1, full(0.5))).toBe(250);
    expect(backoffDelay(3, full(0.5))).toBe(1000);
    expect(backoffDelay(10, full(0.999999))).toBe(4999);
    expect(backoffDelay(60, full(0.5))).toBe(2500);
  });

  it('without jitter is base * factor^attempt, capped', () => {
    const o = { baseMs: 1000, factor: 2, maxMs: 30_000 };
    expect([0, 1, 2, 5, 10].map((a) => backoffDelay(a, o))).toEqual([1000, 2000, 4000, 30_000, 30_000]);
    expect(backoffDelay(-3, o)).toBe(1000);
  });

  it('with a share of jitter stays within ±share/2 of the delay', () => {
    const o = { baseMs: 1000, factor: 2, maxMs: 30_000, jitter: 0.2 };
    expect(backoffDelay(3, { ...o, random: () => 0 })).toBe(7200);
    expect(backoffDelay(3, { ...o, random: () => 1 })).toBe(8800);
    expect(backoffDelay(3, { ...o, random: () => 0.5 })).toBe(8000);
  });

  it('never exceeds what a timer can wait', () => {
    expect(backoffDelay(100, { baseMs: 1000, factor: 10, maxMs: Number.POSITIVE_INFINITY })).toBe(
      2 ** 31 - 1,
    );
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

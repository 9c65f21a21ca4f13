import { describe, expect, it } from 'vitest';
import {
  createCustomPamClient,
  createServerSessionClient,
  type ServerSessionFlow,
} from '../../machines/index';

// How long a tab that gave way to another's refresh waits for its outcome: one request's timeout,
// read the same way by both clients. No timeout (Infinity) or a huge one never makes a flow wait
// forever: it is clamped to the longest timer.

const recorder = (seen: number[]): ServerSessionFlow => ({
  name: 'debug',
  setup: (s) => {
    seen.push(s.refreshWaitMs);
    return {};
  },
});

const never = () => new Promise<Response>(() => {});
// (NaN, 0 or a negative timeout is a ConfigurationError of the adapter, before any flow.)
const TIMEOUTS = [Number.POSITIVE_INFINITY, 1e12, 2_500, undefined];

function waitsOf(make: (timeout: number | undefined, seen: number[]) => { stop(): void }) {
  return TIMEOUTS.map((timeout) => {
    const seen: number[] = [];
    make(timeout, seen).stop();
    expect(seen).toHaveLength(1);
    return seen[0]!;
  });
}

describe('the refresh wait of a tab that gave way', () => {
  it('is finite and the same in the server-session client as in createPamClient', () => {
    const server = waitsOf((timeout, seen) =>
      createServerSessionClient({
        fetch: never,
        initial: {
          status: 'signedOut',
          user: null,
          userInfo: null,
          readAt: null,
          loginId: null,
          expiresAt: null,
        },
        environment: { channel: null },
        flows: [recorder(seen)],
        ...(timeout === undefined ? {} : { timeout }),
      }),
    );
    const browser = waitsOf((timeout, seen) =>
      createCustomPamClient({
        baseURL: 'http://127.0.0.1:9',
        fetch: never,
        environment: { channel: null },
        flows: [recorder(seen)],
        ...(timeout === undefined ? {} : { timeout }),
      }),
    );
    for (const wait of server) expect(Number.isFinite(wait) && wait > 0).toBe(true);
    expect(server).toEqual(browser);
    expect(server.at(-2)).toBe(2_500);
  });
});

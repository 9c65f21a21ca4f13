// A body that is no JSON, on a row with a request schema (the login): the proxy's typed 400
// (guard.ts `readBody`), nothing sent, never the parser's throw to the app's server (a review
// suspected it: it holds; kept as a guard). Over real sockets.

import { describe, expect, it } from 'vitest';
import { type TestClock, usePam } from './harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, fx } = usePam(clock);

describe('a body that is no JSON (a row with a schema)', () => {
  it.each(['{"login":', 'not json', '{"login":"a","password":"b"'])('%s: 400, nothing sent', async (raw) => {
    ref.server.requests.length = 0;
    const res = await fetch(`${fx.served.url}/pam/auth/login`, {
      method: 'POST',
      headers: { origin: fx.served.url, 'content-type': 'application/json' },
      body: raw,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'The body is not JSON.' });
    expect(ref.server.requests).toEqual([]);
  });
});

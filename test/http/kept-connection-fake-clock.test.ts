// TEST29: the second source of test/http/szhttp-raced's flake. A request aborted mid-flight makes
// Node's fetch (undici) connect again ~5-10 ms later, for that request, and arm the new kept
// connection's idle timer (598 s) on whatever clock is installed by then: a later test's fake one,
// counted by `vi.getTimerCount()`. The harness now ends fetch's connections after every file (the
// setup file) and before `installFakeTimers`.
import dc from 'node:diagnostics_channel';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { installFakeTimers } from '../support/fake-timers';
import { endHttpConnections } from '../support/http-connections';

// The real ones: the default fake timers fake `setImmediate` too, and undici's work is real I/O.
const realImmediate = setImmediate;
const turn = () => new Promise<void>((resolve) => realImmediate(resolve));

let server: Server;
let url: string;
let requests = 0;
beforeAll(async () => {
  server = createServer({ keepAliveTimeout: 600_000 }, (req, res) => {
    requests += 1;
    if (req.url !== '/hang') res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Connections fetch made (undici's `connected` channel) while `run` ran. */
async function connectionsDuring(run: (connected: () => number) => Promise<void>): Promise<number> {
  let connected = 0;
  const onConnected = () => {
    connected += 1;
  };
  dc.subscribe('undici:client:connected', onConnected);
  try {
    await run(() => connected);
  } finally {
    dc.unsubscribe('undici:client:connected', onConnected);
  }
  return connected;
}

/** A request that hangs at the server, aborted once the server has it. */
async function abortedMidFlight(): Promise<Promise<unknown>> {
  const seen = requests;
  const caller = new AbortController();
  const failed = fetch(`${url}/hang`, { signal: caller.signal }).catch((error: unknown) => error);
  while (requests === seen) await turn();
  caller.abort();
  return failed;
}

/**
 * Real turns until fetch connected again for the aborted request (`before` + 1 connections) or the
 * dispatcher it used is destroyed, then some more for the new connection's idle timer.
 */
async function settle(connected: () => number, before: number, dispatcher: { destroyed: boolean }) {
  while (connected() <= before && !dispatcher.destroyed) await turn();
  for (let i = 0; i < 50; i++) await turn();
}

const dispatcher = () =>
  (globalThis as unknown as Record<symbol, { destroyed: boolean }>)[Symbol.for('undici.globalDispatcher.1')]!;

describe('fetch after a request aborted mid-flight', () => {
  it('leaves no timer on a fake clock installed directly after the file ended (the setup file)', async () => {
    let count = -1;
    const connected = await connectionsDuring(async (now) => {
      const failed = await abortedMidFlight();
      await failed;
      const before = now();
      const used = dispatcher();
      await endHttpConnections(); // what test/support/shared-state-guard.ts runs after every file
      vi.useFakeTimers(); // a next file's test, as about 80 files install them
      try {
        await settle(now, before, used);
        count = vi.getTimerCount();
      } finally {
        vi.useRealTimers();
      }
    });
    expect(count).toBe(0);
    expect(connected).toBe(1); // the aborted request's only
  });

  it('leaves no timer on a fake clock installed with installFakeTimers right after the abort', async () => {
    let count = -1;
    await connectionsDuring(async (now) => {
      const failed = await abortedMidFlight();
      const before = now();
      const used = dispatcher();
      await installFakeTimers();
      try {
        await failed;
        await settle(now, before, used);
        count = vi.getTimerCount();
      } finally {
        vi.useRealTimers();
      }
    });
    expect(count).toBe(0);
  });

  it('answers again after the connections were ended', async () => {
    await endHttpConnections();
    const answer = await fetch(`${url}/ok`);
    expect(await answer.text()).toBe('ok');
  });
});

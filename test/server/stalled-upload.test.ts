// A request body that stops arriving (review 9, item 3): `readBody` waited for the next chunk with
// no deadline, so a browser (or a slow-loris client) that sent its headers and half a body kept
// `pam.handle()` pending forever, holding the request, its socket and its chunks. Now the body is
// read within `timeoutMs` (the one deadline of a call): past it the read is given up and the
// answer is `408 { message }` with `Connection: close` (the host ends the upload with the
// connection), nothing forwarded. The stream is let go of (its reader released), never cancelled:
// a host's stream pushing its next chunk into a cancelled stream threw (review AL, AL-1:
// node-host.test.ts). On fake
// timers (no real sleep): a controllable stream in process, and a real socket that stalls.

import { request as httpRequest } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readBody } from '../../src/server/guard';
import { type ServedHandler, serveHandler } from '../support/serve-handler';
import { APP, json, pamFor, useHostile } from './hostile';

const hostile = useHostile();
const served: ServedHandler[] = [];
const TIMEOUT_MS = 15_000;
const STALLED = { message: 'The body did not arrive in time.' };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(served.splice(0).map((s) => s.close()));
});

/** A body that sends `head` and then nothing, never ending; `cancelled` once its reader lets it go. */
function stallingBody(head: string) {
  const state = { cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(head));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { body, state };
}

/** `promise`'s outcome so far: its value, its error, or 'pending'. */
function watch<T>(promise: Promise<T>) {
  const seen: { outcome: 'pending' | 'settled' | 'rejected'; value?: T; error?: unknown } = {
    outcome: 'pending',
  };
  promise.then(
    (value) => Object.assign(seen, { outcome: 'settled', value }),
    (error: unknown) => Object.assign(seen, { outcome: 'rejected', error }),
  );
  return seen;
}

describe('a request body that stops arriving', () => {
  it.each([
    ['/pam/auth/login', 'POST'],
    ['/pam/auth/forgot-password', 'POST'],
    ['/pam/bff/users/update-limits', 'PATCH'],
  ])(
    '%s: 408 at timeoutMs, not before, Connection: close; the body let go, not cancelled, nothing forwarded',
    async (path, method) => {
      const api = await hostile.api();
      api.handler = (_req, res) => json(res, 200, {});
      const pam = pamFor(api, { timeoutMs: TIMEOUT_MS });
      const { body, state } = stallingBody('{"login":');
      const init = {
        method,
        headers: { 'x-pam-client': '1', 'content-type': 'application/json' },
        body,
        duplex: 'half',
      } as RequestInit;
      const seen = watch(pam.handle(new Request(`${APP}${path}`, init)));
      await vi.advanceTimersByTimeAsync(TIMEOUT_MS - 1);
      expect(seen.outcome).toBe('pending');
      await vi.advanceTimersByTimeAsync(1);
      expect(seen.outcome).toBe('settled');
      const answer = seen.value!;
      expect({
        status: answer.status,
        connection: answer.headers.get('connection'),
        body: await answer.json(),
        cancelled: state.cancelled,
        locked: body.locked,
      }).toEqual({ status: 408, connection: 'close', body: STALLED, cancelled: false, locked: false });
      expect(vi.getTimerCount()).toBe(0); // nothing left armed
      expect(api.requests).toEqual([]);
    },
  );

  it('a body that keeps trickling one byte at a time is cut at the same deadline (no deadline per chunk)', async () => {
    const api = await hostile.api();
    const pam = pamFor(api, { timeoutMs: TIMEOUT_MS });
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    const init = {
      method: 'POST',
      headers: { 'x-pam-client': '1', 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit;
    const seen = watch(pam.handle(new Request(`${APP}/pam/auth/forgot-password`, init)));
    for (let t = 0; t < TIMEOUT_MS - 1_000; t += 1_000) {
      controller.enqueue(new TextEncoder().encode(' '));
      await vi.advanceTimersByTimeAsync(1_000);
    }
    expect(seen.outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(seen.outcome).toBe('settled');
    expect(seen.value!.status).toBe(408);
    expect(api.requests).toEqual([]);
  });

  it('a body that ends in time is read and forwarded', async () => {
    const api = await hostile.api();
    api.handler = (_req, res) => json(res, 200, { message: 'sent' });
    const pam = pamFor(api, { timeoutMs: TIMEOUT_MS });
    const answer = (await pam.handle(
      new Request(`${APP}/pam/auth/forgot-password`, {
        method: 'POST',
        headers: { 'x-pam-client': '1', 'content-type': 'application/json' },
        body: JSON.stringify({ login: 'p@example.com' }),
      }),
    ))!;
    expect(answer.status).toBe(200);
    expect(api.requests.map((r) => r.url)).toEqual(['/auth/forgot-password']);
  });

  it('readBody: a body read in time leaves no deadline armed', async () => {
    const text = await readBody(
      new Request(`${APP}/pam/auth/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"login":"p@example.com"}',
      }),
      16_384,
      TIMEOUT_MS,
    );
    expect({ text, timers: vi.getTimerCount() }).toEqual({ text: '{"login":"p@example.com"}', timers: 0 });
  });

  it('over a real socket: a client that stalls mid-upload gets handle() settled with 408 at timeoutMs', async () => {
    const api = await hostile.api();
    const pam = pamFor(api, { timeoutMs: TIMEOUT_MS });
    let arrived!: () => void;
    const reading = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    let seen!: ReturnType<typeof watch<Response | undefined>>;
    const app = await serveHandler((req, context) => {
      const handled = pam.handle(req, context);
      seen = watch(handled);
      arrived();
      return handled;
    });
    served.push(app);
    const client = httpRequest(`${app.url}/pam/auth/forgot-password`, {
      method: 'POST',
      headers: { 'x-pam-client': '1', 'content-type': 'application/json', 'content-length': '1000' },
    });
    client.on('error', () => {}); // the server may close this socket once it gives up the body
    client.write('{"email":');
    await reading; // the app's server has the request, its body half sent
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS - 1);
    expect(seen.outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(seen.outcome).toBe('settled');
    expect(seen.value?.status).toBe(408);
    expect(api.requests).toEqual([]);
    client.destroy();
  });
});

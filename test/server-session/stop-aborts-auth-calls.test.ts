import { AbortedError, PamError } from 'pam-client';
import { afterEach, describe, expect, it } from 'vitest';
import { createServerSessionClient, type ServerSessionClientBase } from '../../machines/index';
import { turns, until } from '../support/event-loop';
import { browserProfile, requestsTo, runningClock, usePam } from './support';

// The server-session client's `stop()` ends `client.auth`'s calls as `createPamClient`'s does
// (test/client/stop-aborts-auth-calls): refused after it, nothing sent; in flight at it, `aborted`
// at once. A login left to answer set the browser's cookie meanwhile: it is logged out again, so
// the stopped client signs no one in. Through `pam-client/server` over real sockets.

const clock = runningClock();
const { ref, fx } = usePam(clock);
const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

const urlOf = (input: RequestInfo | URL) => (input instanceof Request ? input.url : String(input));

/**
 * A browser whose answers to `path` come in (cookie and all) at once and reach the page's fetch,
 * their body only on `release()` (`answered()` counts those the page has begun to read: their head
 * is in). A login given up on before its head is aborted, its cookie dropped (kept-login.ts).
 */
function gatedProfile(path: string) {
  const profile = browserProfile(fx.served.url);
  let release = () => {};
  const open = new Promise<void>((resolve) => {
    release = resolve;
  });
  let answered = 0;
  const gate = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const res = await profile.fetch(input, init);
    if (!new URL(urlOf(input), fx.served.url).pathname.endsWith(path)) return res;
    const text = await res.text();
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          answered++;
          await open;
          controller.enqueue(new TextEncoder().encode(text));
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    return new Response(body, { status: res.status, headers: res.headers });
  }) as typeof fetch;
  return { profile, fetch: gate, release: () => release(), answered: () => answered };
}

const clientOf = (fetch: typeof globalThis.fetch) => {
  const c = createServerSessionClient({ fetch, environment: { channel: null } });
  clients.push(c);
  return c;
};

describe('createServerSessionClient: stop() ends the auth module calls', () => {
  it('a call after stop() is refused, nothing sent', async () => {
    const { email, password } = ref.server.seed.plain;
    const profile = browserProfile(fx.served.url);
    const c = clientOf(profile.fetch);
    await c.ready;
    c.stop();
    const before = profile.seen.length;
    const outcomes = await Promise.all(
      [() => c.auth.login({ login: email, password }), () => c.auth.forgotPassword({ login: email })].map(
        (call) => call().catch((e: unknown) => e),
      ),
    );
    for (const e of outcomes) {
      expect(e).toBeInstanceOf(PamError);
      expect((e as PamError).code).toBe('aborted');
    }
    expect(profile.seen.length).toBe(before);
  });

  it('a login in flight at stop() ends aborted at once; the cookie its late answer set is logged out', async () => {
    const { email, password } = ref.server.seed.plain;
    const gate = gatedProfile('/auth/login');
    const c = clientOf(gate.fetch);
    await c.ready;
    let outcome: { value?: unknown; error?: unknown } | undefined;
    void c.auth.login({ login: email, password }).then(
      (value) => (outcome = { value }),
      (error: unknown) => (outcome = { error }),
    );
    await until(() => gate.answered() === 1, 'the login answered');
    expect(gate.profile.cookies.size).toBe(1);
    c.stop();
    await turns();
    expect(outcome?.error).toBeInstanceOf(AbortedError);
    gate.release();
    await until(() => requestsTo(ref.server, '/auth/logout').length === 1, 'the late login logged out');
    await until(() => gate.profile.cookies.size === 0, 'the cookie cleared');
    expect(c.view.status).not.toBe('signedIn');
  });
});

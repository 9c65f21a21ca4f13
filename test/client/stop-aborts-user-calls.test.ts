import { AbortedError, PamError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { usePamClients } from '../support/clients';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';

// REVIEW-N 5: `client.stop()` says it aborts requests in flight, but a user-module call in flight
// at stop() resolved later with the player's data (or waited out its timeout against a server that
// never answered), and after stop() `client.user` still sent authorized requests. Now a call in
// flight ends with `aborted` at stop(), and a call after it is refused with `aborted`, nothing
// sent. Over real sockets against the reference server.

const ctx = useReferenceServer();
const { client, signIn } = usePamClients(ctx);
const ADDRESS = '/bff/users/address-by-user';
const sentTo = (path: string) => ctx.server.requests.filter((r) => r.path === path).length;

describe('client.stop() ends the user module calls (REVIEW-N 5)', () => {
  it('a call in flight at stop() is aborted at once, its answer never shown', async () => {
    const c = client({ timeout: 60_000 });
    await signIn(c);
    ctx.server.faults.add({ path: ADDRESS, hang: true, times: 1 });
    const call = c.user.getAddress().then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    await until(() => sentTo(ADDRESS) === 1, 'the call at the server');
    c.stop();
    const outcome = (await call) as { error?: unknown };
    expect(outcome.error).toBeInstanceOf(AbortedError);
  });

  it('a call after stop() is refused, nothing sent: a read, a change, and the raw adapter', async () => {
    const c = client();
    await signIn(c);
    c.stop();
    const before = ctx.server.requests.length;
    const read = await c.user.getAddress().catch((e: unknown) => e);
    const change = await c.user
      .setTimeoutLimits({ user_pause: 7, reason: 1, password_check: ctx.server.seed.plain.password })
      .catch((e: unknown) => e);
    const raw = await c.http.get('/bff/users/address-by-user').catch((e: unknown) => e);
    for (const e of [read, change, raw]) {
      expect(e).toBeInstanceOf(PamError);
      expect((e as PamError).code).toBe('aborted');
    }
    expect(ctx.server.requests.length).toBe(before);
  });

  it("the caller's own signal still aborts, and a wrong one is still refused as invalid", async () => {
    const c = client();
    await signIn(c);
    const before = ctx.server.requests.length;
    const aborted = await c.user
      .getAddress({ signal: AbortSignal.abort() } as never)
      .catch((e: unknown) => e);
    expect(aborted).toBeInstanceOf(AbortedError);
    const wrong = await c.user.getAddress({ signal: 'no' } as never).catch((e: unknown) => e);
    expect((wrong as PamError).code).toBe('invalid_request');
    expect(ctx.server.requests.length).toBe(before);
  });
});

import { AbortedError, type PamError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import type { PamClient } from '../../machines/index';
import { usePamClients } from '../support/clients';
import { turns, until } from '../support/event-loop';
import { useMemoryLocalStorage } from '../support/memory-local-storage';
import { useReferenceServer } from '../support/server';

// The AK-2 leftover's token-mode twin (`createPamClient`), over real sockets against the reference
// server: a pause whose request has LEFT (the server has it, its answer held on its way) when its
// login ends (a sign-out, or another player signed in) settles by its own answer: the server may
// have applied it, so the app is never told `aborted` for it. A 2xx resolves; a refusal rejects
// with it; an unknown outcome rejects and fires `mutationOutcomeUnknown` with `profile` null, no
// re-read sent for the ended login. What has not left is still aborted, nothing sent
// (test/client/change-bound-to-login.test.ts; the interleavings: sent-change-token-mode.property).

const ctx = useReferenceServer();
const { client, signIn } = usePamClients(ctx);
useMemoryLocalStorage();
const PAUSE = '/bff/users/timeout-limits';
const A = () => ctx.server.seed.plain;

/** A fetch whose answers to the pause reach the client only at `release()` (the server answered). */
function heldPause() {
  let open!: () => void;
  const gate = new Promise<void>((r) => {
    open = r;
  });
  const h = { sent: [] as string[], release: () => open(), fetch: undefined as unknown as typeof fetch };
  h.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(typeof input === 'string' || input instanceof URL ? input : input.url);
    const answer = await globalThis.fetch(input, init);
    if (url.includes('timeout-limits')) {
      h.sent.push(new Headers(init?.headers).get('authorization') ?? '');
      await gate;
    }
    return answer;
  }) as typeof fetch;
  return h;
}

const settle = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: PamError) => (e instanceof AbortedError ? 'aborted' : ((e as { status?: number }).status ?? e.code)),
  );

const ends = {
  'a sign-out': async (c: PamClient) => {
    c.logout();
    await until(() => c.view.status === 'signedOut', 'signed out');
  },
  'another player signing in': async (c: PamClient) => {
    c.logout();
    await until(() => c.view.status === 'signedOut', 'signed out');
    await signIn(c, 'pendingLimit');
  },
};

describe.each(Object.keys(ends) as (keyof typeof ends)[])(
  'token mode: a pause whose request left, its login ended by %s',
  (end) => {
    async function pauseThenEnd(status?: number) {
      const net = heldPause();
      const c = client({ fetch: net.fetch, timeout: 60_000 });
      await signIn(c);
      const outcomes: { profile: unknown }[] = [];
      c.on('mutationOutcomeUnknown', (e) => outcomes.push(e));
      if (status) ctx.server.faults.add({ path: PAUSE, status, body: { message: 'x' }, times: 1 });
      const call = settle(
        c.user.setTimeoutLimits({ user_pause: 7, reason: 1, password_check: A().password }),
      );
      await until(() => net.sent.length === 1, 'the pause at the server, its answer held');
      const token = net.sent[0]!;
      await ends[end](c);
      const before = ctx.server.requests.length;
      net.release();
      return { c, call, outcomes, token, after: () => ctx.server.requests.slice(before) };
    }

    it('applied (200): the call resolves, never aborted', async () => {
      const { call } = await pauseThenEnd();
      expect(await call).toBe('ok');
      expect(ctx.server.requests.filter((r) => r.path === PAUSE)).toHaveLength(1);
    });

    it('refused (422): the call rejects with the refusal, no outcome event', async () => {
      const { call, outcomes } = await pauseThenEnd(422);
      expect(await call).toBe(422);
      await turns(20);
      expect(outcomes).toEqual([]);
    });

    it('unknown (503): rejects with it, mutationOutcomeUnknown with profile null, no re-read with its token', async () => {
      const { call, outcomes, token, after } = await pauseThenEnd(503);
      expect(await call).toBe(503);
      await until(() => outcomes.length === 1, 'the outcome reported');
      expect(outcomes[0]!.profile).toBeNull();
      await turns(20);
      expect(after().filter((r) => r.headers.authorization === token)).toEqual([]);
    });
  },
);

// Review 124, probe 6 (held): concurrent account writes and a logout during one end consistently
// (createPamClient through a gate in front of the reference server): a write already on its way
// settles by its own answer, never resent; one waiting for its step-up password when the player
// signs out is `aborted`, its password never sent; two profile updates each settle by their answer.
import { afterEach, describe, expect, it } from 'vitest';
import { createPamClient, type PamClient } from '../../machines/index';
import { usePamClients } from '../support/clients';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';
import { hostileProxy } from './hostile-proxy';

const ctx = useReferenceServer();
const { keep, signIn } = usePamClients(ctx);
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

/** A proxy that holds every request whose path `held` matches until `release()`. */
async function gated(held: RegExp) {
  const waiting: (() => void)[] = [];
  const proxy = await hostileProxy(
    () => ctx.server.url,
    (_m, p) =>
      held.test(p)
        ? new Promise<undefined>((go) => {
            waiting.push(() => go(undefined));
          })
        : undefined,
  );
  closers.push(proxy.close);
  const c: PamClient = keep(
    createPamClient({ baseURL: proxy.url, timeout: 10_000, environment: { channel: null } }),
  );
  return { proxy, c, waiting };
}

describe('review 124: concurrent writes and a logout during one (held)', () => {
  it('a logout while updateMarketing is on its way: settled by its answer, sent once, signed out', async () => {
    const { proxy, c, waiting } = await gated(/^\/bff\/users\/self-mkt$/);
    await signIn(c);
    const outcome: unknown[] = [];
    c.on('mutationOutcomeUnknown', (e) => outcome.push(e));
    const write = c.user.updateMarketing({ mkt_accepted: true }).then(
      () => 'ok',
      (e: { code?: string }) => e.code,
    );
    await until(() => waiting.length === 1, 'the write at the gate');
    c.logout();
    await until(() => c.view.status === 'signedOut', 'signed out');
    for (const go of waiting.splice(0)) go();
    // (The gate forwards it after the logout revoked its token: the server's 401, never a refresh.)
    expect(['ok', 'aborted', 'unauthorized']).toContain(await write);
    expect(proxy.hits.filter((h) => h.path === '/bff/users/self-mkt')).toHaveLength(1);
    expect(proxy.hits.filter((h) => h.path === '/users/refresh-token')).toHaveLength(0);
    expect(c.view.status).toBe('signedOut');
    expect(outcome.filter((e) => (e as { profile?: unknown }).profile != null)).toEqual([]);
  });

  it('a logout while a step-up prompt is open: aborted, the password never sent', async () => {
    const { proxy, c } = await gated(/^$/);
    await signIn(c);
    let asked = false;
    const write = c.user
      .updateEmail(
        { email: 'other@example.com' },
        {
          onStepUp: () => {
            asked = true;
            return new Promise<string>(() => {});
          },
        },
      )
      .then(
        () => 'ok',
        (e: { code?: string }) => e.code,
      );
    await until(() => asked, 'the prompt');
    c.logout();
    expect(await write).toBe('aborted');
    const sent = proxy.hits.filter((h) => h.path === '/bff/users/self-email');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).not.toContain('password_check');
  });

  it('two profile updates in flight, answered in reverse: each settles by its own answer, each sent once', async () => {
    const { proxy, c, waiting } = await gated(/^\/users\/update\//);
    await signIn(c);
    const id = ctx.server.seed.plain.id;
    const a = c.user.updateProfile(id, { first_name: 'Alpha' });
    const b = c.user.updateProfile(id, { first_name: 'Bravo' });
    await until(() => waiting.length === 2, 'both at the gate');
    waiting[1]?.();
    waiting[0]?.();
    await expect(Promise.all([a, b])).resolves.toHaveLength(2);
    expect(proxy.hits.filter((h) => h.path.startsWith('/users/update/'))).toHaveLength(2);
    expect(c.view.status).toBe('signedIn');
  });
});

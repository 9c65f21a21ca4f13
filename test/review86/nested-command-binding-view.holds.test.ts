// REVIEW86 probe (holds): a command sent from a view listener (an app's own policy listener,
// registered before the bindings) never leaves a binding on a view the session has left. Suspected:
// the view hub's `notify` hands the outer round's old view to later listeners after a nested
// publish. It does not happen: XState queues the nested command in the actor's mailbox until the
// observers of the current snapshot have run, so the hub never publishes nested from a command.
// Checked: cancel() on cancelledAccount (bindings end on signedOut) and logout() on a view free to
// bet (no binding shows canBet true while signing out).
import { createPamClient, type SessionView } from 'pam-client/machines';
import { createReferenceFetch } from 'pam-client/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { effectScope } from 'vue';
import { sessionStore } from '../../src/bindings/svelte';
import { onSessionChange } from '../../src/bindings/vanilla';
import { useSession } from '../../src/bindings/vue';
import { turns, until } from '../support/event-loop';

const stops: (() => void)[] = [];
afterEach(() => {
  for (const s of stops.splice(0)) s();
});

function bound(c: ReturnType<typeof createPamClient>) {
  let vanilla: SessionView | undefined;
  stops.push(onSessionChange(c, (v) => (vanilla = v)));
  const store = sessionStore(c);
  let stored: SessionView | undefined;
  stops.push(store.subscribe((v) => (stored = v)));
  let last: SessionView | undefined;
  stops.push(c.subscribe((v) => (last = v)));
  const scope = effectScope();
  stops.push(() => scope.stop());
  const vue = scope.run(() => useSession(c))!;
  return { vanilla: () => vanilla, stored: () => stored, last: () => last, vue };
}

describe('a command sent from a listener: the bindings follow the view the session holds', () => {
  it('cancel() on cancelledAccount: every binding ends on signedOut, as client.view', async () => {
    const kit = createReferenceFetch();
    const c = createPamClient({ baseURL: kit.baseURL, fetch: kit, environment: { channel: null } });
    stops.push(() => c.stop());
    // The app's own listener, registered first (main.ts): leave the cancelled-account screen at once.
    let cancelled = 0;
    stops.push(
      c.subscribe((v) => {
        if (v.status === 'cancelledAccount') {
          cancelled++;
          c.cancel();
        }
      }),
    );
    const b = bound(c);
    await until(() => c.view.status === 'signedOut');
    c.login({ login: kit.seed.cancelled.email, password: kit.seed.cancelled.password });
    await until(
      () => cancelled === 1,
      () => c.view.status,
    );
    await turns(5);
    expect(c.view.status).toBe('signedOut');
    expect(b.last()!.status).toBe('signedOut');
    expect(b.vanilla()!.status).toBe('signedOut');
    expect(b.stored()!.status).toBe('signedOut');
    expect(b.vue.status.value).toBe('signedOut');
  });

  it('logout() from a listener: no binding shows the player free to bet while signing out', async () => {
    const kit = createReferenceFetch();
    const c = createPamClient({ baseURL: kit.baseURL, fetch: kit, environment: { channel: null } });
    stops.push(() => c.stop());
    let logoutAt: number | null = null;
    let views = 0;
    // The app's own listener: sign out on the first view that lets the player bet (a stand-in for
    // any policy: an idle timer firing in a render, a KYC flag, …).
    stops.push(
      c.subscribe((v) => {
        views++;
        if (logoutAt === null && v.status === 'signedIn' && v.restrictions?.canBet) {
          logoutAt = views;
          c.logout();
        }
      }),
    );
    const b = bound(c);
    await until(() => c.view.status === 'signedOut');
    // The logout request hangs (a slow API): the session stays `signingOut` meanwhile.
    kit.faults.add({ path: /logout/, hang: true });
    c.login({ login: kit.seed.plain.email, password: kit.seed.plain.password });
    await until(
      () => logoutAt !== null,
      () => JSON.stringify(c.view.restrictions),
    );
    await turns(5);
    expect(c.view.status).toBe('signingOut');
    expect(b.vue.status.value).toBe(c.view.status);
    expect(b.vue.restrictions.value?.canBet ?? false).toBe(false);
    expect(b.stored()!.restrictions?.canBet ?? false).toBe(false);
    expect(b.vanilla()!.restrictions?.canBet ?? false).toBe(false);
    expect(b.last()!.status).toBe('signingOut');
  });
});

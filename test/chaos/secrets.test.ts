import { inspect } from 'node:util';
import { createWebStorageTokenStore, secret } from 'pam-client';
import { sessionActorOf } from 'pam-client/devtools';
import { describe, expect, it, vi } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { CANARY, everythingAbout } from '../support/canary';
import { until } from '../support/event-loop';
import { logIn, openTab, useWorld } from '../support/world';

// Canary secrets through a whole session under faults: none may surface in a snapshot, a
// persisted snapshot, an inspection event, an error, a debug log line or storage. The DOM is
// covered by the browser e2e suite (another engineer's).

const world = useWorld();

/**
 * An inspection event as an inspector serialises it (the Stately inspector sends JSON), plus the
 * event it carries in full. Live actor refs are not walked: through one, anything is reachable.
 */
function readable(event: InspectionEvent): string {
  const { event: sent } = event as { event?: unknown };
  return `${JSON.stringify(event)}\n${inspect(sent, { depth: 8 })}`;
}

describe('chaos: secrets never leak', () => {
  it('keeps canary password, code, captcha and every access token out of all observable output', async () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    };
    const seen = {
      snapshots: [] as string[],
      inspection: [] as string[],
      log: [] as string[],
      errors: [] as string[],
      storage: [] as string[],
    };
    const tab = openTab(world, {
      storage: createWebStorageTokenStore({ storage }),
      inspect: (event) => seen.inspection.push(readable(event)),
      debug: (line, detail) => seen.log.push(`${line} ${inspect(detail, { depth: 8 })}`),
    });
    world.tabs.push(tab);
    const peer = openTab(world, { tabId: 'peer' });
    world.tabs.push(peer);
    const snapshotOf = () => {
      seen.snapshots.push(JSON.stringify(sessionActorOf(tab.client).getSnapshot()));
      seen.snapshots.push(JSON.stringify(sessionActorOf(tab.client).getPersistedSnapshot()));
      seen.snapshots.push(inspect(sessionActorOf(tab.client).getSnapshot().context, { depth: 3 }));
      seen.storage.push([...data.values()].join('\n'));
    };
    sessionActorOf(tab.client).subscribe(snapshotOf);
    const tokens = new Set<string>();
    const noteToken = async () => {
      const t = await tab.token();
      if (t) tokens.add(t);
    };

    // 1. A two-factor round with the canary password and code (rejected by the server).
    world.server.faults.add({
      path: '/auth/login',
      status: 200,
      body: { type: 'two_factor_code' },
      times: 1,
    });
    tab.client.login({
      login: world.server.seed.twoFactor.email,
      password: CANARY.password,
      captchaToken: CANARY.captcha,
    });
    // Waits on what must happen (a state, a request at the server), not on a count of quiet
    // turns: on a loaded machine the next request can start after `settle` saw nothing move.
    const codeSends = () =>
      world.server.requests.filter((r) => JSON.stringify(r.body).includes(CANARY.code)).length;
    await until(() => tab.client.view.status === 'twoFactorRequired', 'the code is asked for');
    tab.client.submitCode(CANARY.code);
    await until(() => codeSends() === 1, 'the first code reached the server');
    await world.settle();
    await until(() => tab.client.view.status === 'twoFactorRequired', 'the code is asked again');
    tab.client.submitCode(secret(CANARY.code), CANARY.captcha);
    await until(() => codeSends() === 2, 'the second code reached the server');
    await world.settle();
    expect(codeSends()).toBe(2);
    tab.client.state.send({ type: 'CANCEL' });

    // 2. A real session: login, a refresh, a failing refresh, a 401 route, a timeout, a logout.
    await logIn(world, tab);
    await noteToken();
    tab.client.state.send({ type: 'REFRESH' });
    await world.advance(1000, 50);
    await noteToken();
    world.server.faults.add({
      method: 'POST',
      path: '/users/refresh-token',
      status: 503,
      body: { message: CANARY.token },
      times: 1,
    });
    tab.client.state.send({ type: 'REFRESH' });
    await world.advance(1000, 50);
    world.server.faults.add({ path: '/bff/users/address-by-user', status: 401 });
    seen.errors.push(everythingAbout(await world.during(tab.client.user.getAddress().catch((e) => e))));
    seen.errors.push(everythingAbout(sessionActorOf(tab.client).getSnapshot().context.error));
    world.server.faults.add({
      method: 'POST',
      path: '/bff/users/check-password',
      status: 500,
      body: { password: CANARY.password },
    });
    seen.errors.push(
      everythingAbout(
        await world.during(tab.client.user.checkPassword({ password: CANARY.password }).catch((e) => e)),
      ),
    );
    await noteToken();
    expect(tokens.size).toBe(3); // login, REFRESH, and the refresh the 401 route asked for
    expect(await peer.token()).toBe([...tokens].at(-1));
    tab.client.logout();
    await world.settle();
    snapshotOf();

    expect(seen.inspection.length).toBeGreaterThan(50);
    expect(seen.log.length).toBeGreaterThan(50);
    expect(seen.snapshots.length).toBeGreaterThan(20);
    const secrets = [CANARY.password, CANARY.code, CANARY.captcha];
    for (const [where, texts] of Object.entries(seen)) {
      const all = texts.join('\n');
      for (const s of secrets) {
        const i = all.indexOf(s);
        if (i >= 0) console.log(where, all.slice(Math.max(0, i - 3000), i + 50));
        expect(all.includes(s), `${s} in ${where}`).toBe(false);
      }
      if (where === 'storage') continue; // the opted-in storage holds the token by design
      for (const t of tokens) {
        const i = all.indexOf(t);
        if (i >= 0) console.log(where, all.slice(Math.max(0, i - 600), i + 50));
        expect(all.includes(t), `an access token in ${where}`).toBe(false);
      }
    }
    // The redaction was at work (not just an empty log).
    expect(seen.log.join('\n')).toContain('[redacted]');
    expect(data.size).toBe(0);
    // CPU-bound by design (every snapshot and inspection event serialised, twice): a safety net
    // for a loaded machine, not a figure the test asserts.
  }, 60_000);
});

describe('chaos: the built-in debug log', () => {
  it('writes console.debug lines through the same redaction', async () => {
    const lines: string[] = [];
    vi.spyOn(console, 'debug').mockImplementation((...args: unknown[]) => {
      lines.push(args.map((a) => (typeof a === 'string' ? a : inspect(a, { depth: 10 }))).join(' '));
    });
    const tab = openTab(world, { channel: false, debug: true });
    world.tabs.push(tab);
    tab.client.login({
      login: world.server.seed.plain.email,
      password: CANARY.password,
      captchaToken: CANARY.captcha,
    });
    await world.settle();
    await logIn(world, tab);
    const token = await tab.token();
    const all = lines.join('\n');
    expect(lines.length).toBeGreaterThan(20);
    expect(all).toContain('[pam-client]');
    expect(all).toContain('[redacted]');
    for (const s of [CANARY.password, CANARY.captcha, world.server.seed.plain.password, token!]) {
      expect(all.includes(s)).toBe(false);
    }
  });
});

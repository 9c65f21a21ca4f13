// REVIEW121 (defect): the Vue binding's own `useActor` example (src/bindings/vue.ts, its JSDoc, which
// typedoc publishes) signs a player in with
//   const { snapshot, send } = useActor(loginMachine, { input: { auth: client.auth } });
// Followed on the real client (reference server over a socket): the login's answer, with its live
// access token, lands in the component's reactive `snapshot` (UI state: devtools, an error
// reporter's state capture, a template), and the client's session never hears of the login: its
// view stays signed out while a token it does not hold (never refreshed, never revoked by
// `logout()`) stays live at the API. UI-facing state must hold no token, and a login the app made
// through the client must be the client's session (or not be offered as the way to sign in).

import { readFileSync } from 'node:fs';
import { createPamClient, type PamClient } from 'pam-client/machines';
import { afterEach, describe, expect, it } from 'vitest';
import { effectScope } from 'vue';
import { loginMachine } from '../../machines/loginMachine';
import { useActor, useSession } from '../../src/bindings/vue';
import { turns, until } from '../support/event-loop';
import { REAL_TIME_TIMEOUT_MS, useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

/** Every string under a key naming a token, at any depth (own enumerable data only). */
function tokensIn(value: unknown, seen = new Set<unknown>()): string[] {
  if (typeof value !== 'object' || value === null || seen.has(value)) return [];
  seen.add(value);
  const found: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    if (/token$/i.test(key) && typeof v === 'string') found.push(v);
    else if (key !== 'auth') found.push(...tokensIn(v, seen));
  }
  return found;
}

async function startClient() {
  const client = createPamClient({
    baseURL: ctx.server.url,
    timeout: REAL_TIME_TIMEOUT_MS,
    environment: { channel: null },
  });
  clients.push(client);
  await until(() => client.view.status === 'signedOut');
  return client;
}

async function signInThroughExample() {
  const client = await startClient();
  const scope = effectScope();
  const { snapshot, send } = scope.run(() => useActor(loginMachine, { input: { auth: client.auth } }))!;
  const { email, password } = ctx.server.seed.plain;
  send({ type: 'SUBMIT', login: email, password });
  await until(
    () => snapshot.value.status === 'done' || snapshot.value.matches('failed'),
    () => String(snapshot.value.value),
  );
  expect(snapshot.value.status).toBe('done'); // the login succeeded
  return { client, snapshot, scope };
}

describe('Vue: signing in as the binding documents it (useSession), after review 121', () => {
  it('hands the component no token (useSession(client).login, the JSDoc way now)', async () => {
    const client = await startClient();
    const scope = effectScope();
    const session = scope.run(() => useSession(client))!;
    const { email, password } = ctx.server.seed.plain;
    session.login({ login: email, password });
    await until(
      () => client.view.status === 'signedIn',
      () => client.view.status,
    );
    // What a component renders from: the reactive view, no token anywhere in it.
    expect(tokensIn({ ...session })).toEqual([]);
    const stored = await client.tokens.get();
    expect(typeof stored?.accessToken).toBe('string');
    expect(JSON.stringify(client.view)).not.toContain(stored!.accessToken);
    scope.stop();
  });

  it('the old JSDoc way (useActor(loginMachine, client.auth)) is no longer shown: its output holds the token', () => {
    // The published examples (Vue `useActor`, Svelte `selectorStore`) name no loginMachine with `auth`.
    const vue = readFileSync(new URL('../../src/bindings/vue.ts', import.meta.url), 'utf8');
    const svelte = readFileSync(new URL('../../src/bindings/svelte.ts', import.meta.url), 'utf8');
    for (const text of [vue, svelte]) expect(text).not.toMatch(/(useActor|createActor)\(loginMachine/);
  });

  // Left (review 121, a product decision): a login the app makes through `client.auth` is the
  // caller's (documented on `PamClientBase.auth`); the session adopting it would be a new source of
  // logins in the tabs' order model (machines/session/tabs.ts `ADOPT`). The server session follows
  // such logins already (its cookie is set by them: followed-logins.ts).
  it.fails('the client’s session follows a login made through client.auth (not done: documented as the caller’s)', async () => {
    const { client, scope } = await signInThroughExample();
    await turns(20);
    expect(client.view.status).toBe('signedIn');
    scope.stop();
  });
});

// Restoring the session from a stored snapshot (review REV1 of issue 32.3): the session's own
// persistence is its token store, so a restored session starts again from there (`restoring`):
// a stored signed-in snapshot never comes back signed in without its token, its restrictions are
// read again (never taken as `current` from storage), and its children start with fresh services.
// And a stored snapshot that is not one of the machine's is refused with a TypeError.
import { createAuthModule, createMemoryTokenStore, createOfetchAdapter } from 'pam-client';
import { loginMachine, sessionMachine } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { persistedData, restoreActor } from '../../machines/persistence';
import { REAL_TIME_TIMEOUT_MS, useReferenceServer } from '../support/server';

const ctx = useReferenceServer();

function modules(tokens = createMemoryTokenStore()) {
  const http = createOfetchAdapter({
    baseURL: ctx.server.url,
    timeout: REAL_TIME_TIMEOUT_MS,
    getAccessToken: async () => (await tokens.get())?.accessToken ?? null,
  });
  return { auth: createAuthModule(http), tokens };
}

async function signedInSnapshot() {
  const input = modules();
  const first = createActor(sessionMachine, { input }).start();
  await waitFor(first, (s) => s.matches('signedOut'), { timeout: 10_000 });
  first.send({ type: 'LOGIN', login: ctx.server.seed.plain.email, password: ctx.server.seed.plain.password });
  await waitFor(first, (s) => s.matches('signedIn') && s.context.restrictions?.status === 'current', {
    timeout: 10_000,
  });
  const stored = JSON.parse(JSON.stringify(persistedData(first)));
  first.stop();
  return stored;
}

describe('restoreActor(sessionMachine, …)', () => {
  it('with an empty token store: signed out, never signed in with canBet true', async () => {
    const stored = await signedInSnapshot();
    const again = restoreActor(sessionMachine, stored, modules());
    const seen: { status: string; canBet: boolean | undefined }[] = [];
    again.subscribe((s) => seen.push({ status: String(s.value), canBet: s.context.restrictions?.canBet }));
    again.start();
    await waitFor(again, (s) => s.matches('signedOut'), { timeout: 10_000 });
    expect(again.getSnapshot().status).toBe('active');
    expect(seen.some((s) => s.canBet === true)).toBe(false);
    again.stop();
  });

  it('with the token still stored: signed in again, restrictions read again', async () => {
    const stored = await signedInSnapshot();
    const input = modules();
    await input.tokens.set({
      accessToken: ctx.server.issueToken(ctx.server.seed.plain.id),
      tokenType: 'bearer',
      expiresAt: null,
      savedAt: Date.now(),
      userId: ctx.server.seed.plain.id,
    });
    const again = restoreActor(sessionMachine, stored, input);
    const statuses: (string | undefined)[] = [];
    again.subscribe((s) => statuses.push(s.context.restrictions?.status));
    again.start();
    await waitFor(again, (s) => s.matches('signedIn') && s.context.restrictions?.status === 'current', {
      timeout: 10_000,
    });
    expect(statuses[0]).not.toBe('current');
    expect(again.getSnapshot().status).toBe('active');
    again.stop();
  });
});

describe('restoreActor refuses what is not a stored snapshot of the machine', () => {
  it.each([
    ['null', null],
    ['a string', 'signedIn'],
    ['no context', { value: 'idle' }],
    ['another machine’s state', { value: 'loadingYears', context: {}, status: 'active' }],
  ])('%s: a TypeError', (_name, stored) => {
    expect(() => restoreActor(loginMachine, stored, { auth: modules().auth } as never)).toThrow(TypeError);
  });
});

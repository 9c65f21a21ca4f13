// A login that is no string (an untyped caller's unbound field, a number, an object) is refused as
// such: `invalid_request` with an `invalid_type` issue on `login` ("expected string"), not the
// "must not be shorter than 1 character" of an empty login it was turned into; nothing sent, and
// the value never held (an object may carry the password: the context keeps none of it).
import { createAuthModule, createOfetchAdapter, isPamError } from 'pam-client';
import { type ReferenceServer, startReferenceServer } from 'pam-client/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { loginMachine } from '../../machines/loginMachine';

let server: ReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer();
});
beforeEach(() => server.reset());
afterAll(() => server?.close());

const CANARY = 'canary-login-0b1ect';

describe('loginMachine: a login that is no string', () => {
  it.each([
    ['a number', 424242],
    ['an object holding the password', { email: 'a@b.co', password: CANARY }],
    ['an array', [CANARY]],
    ['undefined', undefined],
  ])('%s: invalid_type on login, nothing sent, the value not kept', async (_, login) => {
    const auth = createAuthModule(createOfetchAdapter({ baseURL: server.url, timeout: 10_000 }));
    const actor = createActor(loginMachine, { input: { auth } }).start();
    const before = server.requests.length;
    actor.send({ type: 'SUBMIT', login: login as never, password: 'a-password' });
    await waitFor(actor, (s) => s.matches('failed'), { timeout: 10_000 });
    const { error } = actor.getSnapshot().context;
    expect(isPamError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'invalid_request' });
    expect(
      (error as unknown as { issues: { path: unknown[]; code: string }[] }).issues.map((i) => [
        i.path,
        i.code,
      ]),
    ).toEqual([[['login'], 'invalid_type']]);
    expect(server.requests.length).toBe(before);
    const text = JSON.stringify(actor.getSnapshot()) + JSON.stringify(actor.getPersistedSnapshot());
    expect(text).not.toContain(CANARY);
    expect(text).not.toContain('424242');
    actor.stop();
  });
});

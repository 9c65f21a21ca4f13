// Review REV1 D5: a restored `context.error` was a plain object (what JSON made of a PamError), so
// `isPamError(context.error)` did not hold and `describeError`, `instanceof` checks and the error's
// methods failed on it. A stored snapshot now holds no error (`error: null`, the error's class
// cannot come through JSON), and one stored by an older version that is not a PamError is dropped
// on restore: a restored error is a PamError or null.
import { createAuthModule, createOfetchAdapter, isPamError } from 'pam-client';
import { type ReferenceServer, startReferenceServer } from 'pam-client/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { loginMachine } from '../../machines/loginMachine';
import { persistedData, restoreActor } from '../../machines/persistence';
import { REAL_TIME_TIMEOUT_MS } from '../support/server';

let server: ReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer();
});
beforeEach(() => server.reset());
afterAll(() => server?.close());

const auth = () =>
  createAuthModule(createOfetchAdapter({ baseURL: server.url, timeout: REAL_TIME_TIMEOUT_MS }));
const json = <T>(value: T): T => JSON.parse(JSON.stringify(value));

async function refused() {
  const actor = createActor(loginMachine, { input: { auth: auth() } }).start();
  actor.send({ type: 'SUBMIT', login: server.seed.plain.email, password: 'wrong password' });
  const failed = await waitFor(actor, (s) => s.matches('failed'), { timeout: 10_000 });
  return { actor, failed };
}

describe('a restored error is a PamError or null (REV1 D5)', () => {
  it('a 401 login, stored as JSON and restored: its error is null, never a plain object', async () => {
    const { actor, failed } = await refused();
    expect(failed.context.error?.code).toBe('unauthorized');
    const persisted = json(persistedData(actor)) as unknown as { context: Record<string, unknown> };
    actor.stop();
    expect(persisted.context.error).toBeNull();

    const restored = restoreActor(loginMachine, persisted, { auth: auth() }).start();
    expect(restored.getSnapshot().value).toBe('failed');
    expect(restored.getSnapshot().context.error).toBeNull();
    restored.stop();
  });

  it('an error stored by an older version (a plain object) is dropped on restore', async () => {
    const { actor, failed } = await refused();
    const older = json({
      ...(persistedData(actor) as object),
      context: {
        ...(persistedData(actor) as unknown as { context: object }).context,
        error: failed.context.error,
      },
    });
    actor.stop();
    expect(older.context.error).toMatchObject({ code: 'unauthorized' });

    const error = restoreActor(loginMachine, older, { auth: auth() }).getSnapshot().context.error;
    expect(error === null || isPamError(error)).toBe(true);
  });
});

import { HttpError } from 'pam-client';
import { sessionActorOf } from 'pam-client/devtools';
import { createCustomPamClient, type PamClientBase } from 'pam-client/machines';
import { afterEach, describe, expect, it } from 'vitest';
import { type AnyActor, type AnyStateMachine, transition } from 'xstate';
import { internal } from '../../machines/session/events';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';
import { storedAt } from '../support/stored-at';

// The refresh cycle's failure, as the signed-in session takes it: its error becomes the session's
// (the view's `error`) and is told to the app (`refreshFailed`) as the same error object; the
// session stays signed in. A failed refresh child (its error event) and a failed logout take their
// error the same way. Pure transition() probes from a restored session.

const _H = 3_600_000;
const T0 = Date.UTC(2030, 0, 1, 15);
const ctx = useReferenceServer({ now: () => T0 });
const clients: PamClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

async function signedIn() {
  const { storage, timers } = storedAt(ctx, ctx.server.seed.plain.id, T0);
  const client = createCustomPamClient({
    baseURL: ctx.server.url,
    storage,
    environment: { channel: null, timers },
    flows: [],
  });
  clients.push(client);
  await until(() => client.view.status === 'signedIn', 'restored');
  const machine = (sessionActorOf(client) as unknown as AnyActor).logic as AnyStateMachine;
  return { machine, held: sessionActorOf(client).getSnapshot() };
}

const emitted = (actions: { type: string; params?: unknown }[]) =>
  actions.filter((a) => a.type === 'xstate.emit').map((a) => (a.params as { event: unknown }).event);

describe("the refresh cycle's failure in the session", () => {
  it('REFRESH_FAILED: the error is the session’s and is told as the same object; still signed in', async () => {
    const { machine, held } = await signedIn();
    const error = new HttpError({ status: 503, method: 'POST', path: '/users/refresh-token' });
    const [after, actions] = transition(machine, held, internal({ type: 'REFRESH_FAILED', error }));
    expect(after.value).toBe('signedIn');
    expect(after.context.error).toBe(error);
    expect(emitted(actions)).toEqual([{ type: 'refreshFailed', error }]);
    expect(emitted(actions)[0]).toHaveProperty('error', after.context.error);
  });

  it('a REFRESH_FAILED an app forged (no internal mark) changes nothing and tells nothing', async () => {
    const { machine, held } = await signedIn();
    const error = new HttpError({ status: 503, method: 'POST', path: '/users/refresh-token' });
    const [after, actions] = transition(machine, held, { type: 'REFRESH_FAILED', error } as never);
    expect(after.context.error).toBeNull();
    expect(emitted(actions)).toEqual([]);
  });

  it("a crash of the refresh child (its error event) is the session's error, as a PamError", async () => {
    const { machine, held } = await signedIn();
    const [after] = transition(machine, held, {
      type: 'xstate.error.actor.refresh',
      error: new TypeError('boom'),
    } as never);
    expect(after.value).toBe('signedIn');
    expect(after.context.error).toMatchObject({ name: expect.any(String), code: expect.any(String) });
    expect(after.context.error).not.toBeInstanceOf(TypeError);
  });
});

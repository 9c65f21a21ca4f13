import fc from 'fast-check';
import { createAuthModule, createOfetchAdapter, createUserModule } from 'pam-client';
import { sessionActorOf } from 'pam-client/devtools';
import { createPamClient, incomeReportMachine, loginMachine, tokenRefreshMachine } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, SimulatedClock } from 'xstate';

// Every response of every request is arbitrary JSON (or not JSON at all), with an arbitrary
// status: each machine must end in a state of its contract, and never throw out of the actor.

interface Answer {
  status: number;
  body: string;
}

const STATUSES = [200, 200, 200, 201, 204, 400, 401, 403, 404, 422, 429, 500, 502, 503];
const json = fc.oneof(
  fc.json(),
  // Near misses of the real shapes, to get past the first parse now and then.
  fc
    .record({
      access_token: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
      expires_in: fc.oneof(fc.integer(), fc.string()),
      token_type: fc.string(),
      user: fc.oneof(fc.record({ id: fc.integer(), email: fc.string() }), fc.json()),
    })
    .map((v) => JSON.stringify(v)),
  fc
    .record({ type: fc.constantFrom('two_factor_code', 'cancelled_account', 'other') })
    .map((v) => JSON.stringify(v)),
  fc.record({ years: fc.oneof(fc.array(fc.integer()), fc.json()) }).map((v) => JSON.stringify(v)),
  fc
    .record({
      id: fc.oneof(fc.integer({ min: 1, max: 9 }), fc.string()),
      status: fc.oneof(fc.integer({ min: 0, max: 5 }), fc.string()),
    })
    .map((v) => JSON.stringify(v)),
  fc.string(), // not JSON
);
const answers = fc.array(fc.record({ status: fc.constantFrom(...STATUSES), body: json }), { maxLength: 12 });

/** A fetch that answers each request with the next arbitrary answer, then 503s. */
function fakeFetch(list: Answer[]): typeof fetch {
  let i = 0;
  return async () => {
    const a = list[i++] ?? { status: 503, body: '' };
    const empty = a.status === 204;
    return new Response(empty ? null : a.body, {
      status: a.status,
      headers: { 'content-type': 'application/json' },
    });
  };
}

function modules(list: Answer[]) {
  const http = createOfetchAdapter({
    baseURL: 'http://127.0.0.1:9',
    fetch: fakeFetch(list),
    retry: 0,
    getAccessToken: () => 't',
  });
  return { auth: createAuthModule(http), user: createUserModule(http) };
}

const turns = async (n = 20) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

function healthy(actor: AnyActorRef): void {
  const s = actor.getSnapshot();
  expect(s.status === 'active' || s.status === 'done').toBe(true);
  const error = s.context?.error;
  expect(error === null || error === undefined || typeof error.code === 'string').toBe(true);
}

const RUNS = { numRuns: 100 };

describe('chaos: arbitrary JSON for every response', () => {
  it('loginMachine ends in a contract state', async () => {
    await fc.assert(
      fc.asyncProperty(answers, async (list) => {
        const actor = createActor(loginMachine, { input: modules(list) }).start();
        actor.send({ type: 'SUBMIT', login: 'a@b.c', password: 'pw' });
        await turns();
        actor.send({ type: 'SUBMIT_CODE', code: '123456' });
        await turns();
        healthy(actor);
        expect(['idle', 'failed', 'twoFactorRequired', 'authenticated', 'cancelledAccount']).toContain(
          actor.getSnapshot().value,
        );
        actor.stop();
      }),
      RUNS,
    );
  });

  it('tokenRefreshMachine ends signed out or idle', async () => {
    await fc.assert(
      fc.asyncProperty(answers, async (list) => {
        const clock = new SimulatedClock();
        const actor = createActor(tokenRefreshMachine, {
          input: { auth: modules(list).auth, now: () => clock.now() },
          clock,
        }).start();
        actor.send({ type: 'TOKEN_SAVED', accessToken: 'x' });
        for (let i = 0; i < 4; i++) {
          actor.send({ type: 'REFRESH' });
          await turns();
        }
        healthy(actor);
        const s = actor.getSnapshot();
        expect(s.matches('signedOut') || s.matches({ active: 'idle' })).toBe(true);
        actor.stop();
      }),
      RUNS,
    );
  });

  it('incomeReportMachine ends ready, completed, failed or timed out', async () => {
    await fc.assert(
      fc.asyncProperty(answers, async (list) => {
        const clock = new SimulatedClock();
        const actor = createActor(incomeReportMachine, {
          input: {
            user: modules(list).user,
            pollIntervalMs: 100,
            maxPollMs: 5000,
            now: () => clock.now(),
            random: () => 0.5,
          },
          clock,
        }).start();
        await turns();
        actor.send({ type: 'GENERATE', referenceYear: 2023, deliveryType: 'download' });
        for (let i = 0; i < 30; i++) {
          clock.increment(250);
          await turns(5);
        }
        healthy(actor);
        expect(['ready', 'completed', 'failed', 'timedOut']).toContain(actor.getSnapshot().value);
        actor.stop();
      }),
      RUNS,
    );
  });

  it('the session (createPamClient) ends signed out after logout or cancel, whatever was answered', async () => {
    await fc.assert(
      fc.asyncProperty(answers, async (list) => {
        const client = createPamClient({
          baseURL: 'http://127.0.0.1:9',
          fetch: fakeFetch(list),
          retry: 0,
          environment: { channel: null },
        });
        try {
          client.login({ login: 'a@b.c', password: 'pw' });
          await turns();
          client.submitCode('123456');
          await turns();
          healthy(sessionActorOf(client));
          expect([
            'signedOut',
            'signingIn',
            'twoFactorRequired',
            'failed',
            'cancelledAccount',
            'signedIn',
          ]).toContain(client.view.status);
          client.state.send({ type: 'REFRESH' });
          await turns();
          await client.user.getAddress().catch(() => {});
          await turns();
          // A login still at its two-factor step is left with CANCEL; a session with LOGOUT.
          client.state.send({
            type: sessionActorOf(client).getSnapshot().matches('signedIn') ? 'LOGOUT' : 'CANCEL',
          });
          await turns();
          healthy(sessionActorOf(client));
          expect(sessionActorOf(client).getSnapshot().value).toBe('signedOut');
          expect(await client.tokens.get()).toBeNull();
        } finally {
          client.stop();
        }
      }),
      RUNS,
    );
  });
});

import { inspect } from 'node:util';
import {
  type AuthModule,
  createAuthModule,
  createOfetchAdapter,
  HttpError,
  type LoginPayload,
  type LoginResponse,
  type LoginSuccess,
  RequestValidationError,
  redactInspection,
  type Secret,
  secret,
  UnauthorizedError,
} from 'pam-client';
import { startReferenceServer } from 'pam-client/testing';
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, type InspectionEvent, waitFor } from 'xstate';
import { loginMachine } from '../../machines/loginMachine';
import { CANARY, everythingAbout } from '../support/canary';
import { REAL_TIME_TIMEOUT_MS } from '../support/server';

const PLANTED = [CANARY.password, CANARY.code, CANARY.captcha];

const SUCCESS: LoginSuccess = {
  access_token: 'token-for-the-output',
  expires_in: 3600,
  token_type: 'bearer',
  user: { id: 1, email: 'two@x' },
  userInfo: {
    validate_email_at: null,
    login_at: '2024-01-01T00:00:00Z',
    login_attempt_qty: 0,
    seven_days_since_last_login: false,
    strong_password: true,
    force_request_kyc: false,
    two_factor_enabled: true,
  },
};

interface Call {
  payload: LoginPayload;
  answer(response: LoginResponse): void;
  fail(error: unknown): void;
}

/** An auth whose answers the test gives by hand, so every request state can be looked at. */
function manualAuth() {
  const calls: Call[] = [];
  const auth: Pick<AuthModule, 'login'> = {
    login: (payload) =>
      new Promise((resolve, reject) => calls.push({ payload, answer: resolve, fail: reject })),
  };
  return { auth, calls };
}

/** A server that echoes the request into its error body (which must stay off every view). */
const echoingRejection = (payload: LoginPayload, status: number) =>
  new (status === 401 ? UnauthorizedError : HttpError)({
    status,
    method: 'POST',
    path: '/auth/login',
    body: { message: 'Rejected.', echo: payload },
  });

/** Inspection events as text, without walking into actor refs (their snapshots are checked apart). */
function inspectionText(events: InspectionEvent[]): string {
  const replacer = (key: string, value: unknown) => {
    if (key === 'actorRef' || key === 'sourceRef' || key === 'machine') return undefined;
    if (value && typeof value === 'object' && 'sessionId' in value && 'send' in value) return '[actor]';
    return value;
  };
  const plain = events.map((event) => {
    const { actorRef: _a, sourceRef: _s, ...rest } = event as InspectionEvent & { sourceRef?: unknown };
    return rest;
  });
  return [JSON.stringify(events, replacer), inspect(plain, { depth: 8 })].join('\n');
}

type LoginActor = Actor<typeof loginMachine>;

/** Inspection events seen so far, and how many of them were already checked. */
interface Seen {
  events: InspectionEvent[];
  checked: number;
}

/** Every view of the actor that a log, a devtool or a storage could hold. */
function views(actor: LoginActor, seen: Seen): Record<string, string> {
  const snapshot = actor.getSnapshot();
  const persisted = actor.getPersistedSnapshot();
  return {
    'JSON of getSnapshot()': JSON.stringify(snapshot),
    'inspect of getSnapshot().context': inspect(snapshot.context, { depth: 10 }),
    // Deep enough to walk into the running child actor and the actor system.
    'inspect of getSnapshot()': inspect(snapshot, { depth: 6 }),
    'JSON of getPersistedSnapshot()': JSON.stringify(persisted),
    'inspect of getPersistedSnapshot()': inspect(persisted, { depth: 20 }),
    'context.error': everythingAbout(snapshot.context.error),
    // Each inspection event is checked once, when first seen (they never change afterwards).
    'inspection events': inspectionText(seen.events.slice(seen.checked)),
  };
}

function expectNoCanary(actor: LoginActor, seen: Seen, state: string): void {
  expect(actor.getSnapshot().value).toBe(state);
  const all = views(actor, seen);
  seen.checked = seen.events.length;
  for (const [view, text] of Object.entries(all)) {
    expect({ state, view, leaked: PLANTED.filter((c) => text.includes(c)) }).toEqual({
      state,
      view,
      leaked: [],
    });
  }
}

type Mode = 'strings' | 'secrets';
const planted = (mode: Mode, value: string): string | Secret => (mode === 'secrets' ? secret(value) : value);

/**
 * Walks idle → submitting → twoFactorRequired → verifyingTwoFactor → twoFactorRequired (rejected,
 * with an echoing error) → verifyingTwoFactor → authenticated, then cancelledAccount and failed on
 * a second actor, checking every view in every state, mid-request included.
 */
async function walkEveryState(
  mode: Mode,
  observe: (events: InspectionEvent[]) => (e: InspectionEvent) => void,
) {
  const events: InspectionEvent[] = [];
  const seen: Seen = { events, checked: 0 };
  const { auth, calls } = manualAuth();
  const actor = createActor(loginMachine, { input: { auth }, inspect: observe(events) }).start();
  expectNoCanary(actor, seen, 'idle');

  actor.send({
    type: 'SUBMIT',
    login: 'two@x',
    password: planted(mode, CANARY.password),
    captchaToken: planted(mode, CANARY.captcha),
  });
  expectNoCanary(actor, seen, 'submitting');
  // The canaries did reach the server: the machine reveals them only for the request.
  expect(calls[0]?.payload).toEqual({
    login: 'two@x',
    password: CANARY.password,
    captcha_token: CANARY.captcha,
  });

  calls[0]?.answer({ type: 'two_factor_code' });
  await waitFor(actor, (s) => s.matches('twoFactorRequired'));
  expectNoCanary(actor, seen, 'twoFactorRequired');

  actor.send({
    type: 'SUBMIT_CODE',
    code: planted(mode, CANARY.code),
    captchaToken: planted(mode, CANARY.captcha),
  });
  expectNoCanary(actor, seen, 'verifyingTwoFactor');
  const first = calls[1]?.payload as LoginPayload;
  expect(first.two_factor_code).toBe(CANARY.code);
  calls[1]?.fail(echoingRejection(first, 422));
  await waitFor(actor, (s) => s.matches('twoFactorRequired') && s.context.rejectedCodes === 1);
  expectNoCanary(actor, seen, 'twoFactorRequired');

  actor.send({ type: 'SUBMIT_CODE', code: planted(mode, CANARY.code) });
  expectNoCanary(actor, seen, 'verifyingTwoFactor');
  calls[2]?.answer(SUCCESS);
  await waitFor(actor, (s) => s.status === 'done');
  expectNoCanary(actor, seen, 'authenticated');
  expect(actor.getSnapshot().output?.access_token).toBe(SUCCESS.access_token);

  const other = createActor(loginMachine, { input: { auth }, inspect: observe(events) }).start();
  other.send({ type: 'SUBMIT', login: 'cancel@x', password: planted(mode, CANARY.password) });
  calls[3]?.answer({ type: 'cancelled_account' });
  await waitFor(other, (s) => s.matches('cancelledAccount'));
  expectNoCanary(other, seen, 'cancelledAccount');

  other.send({ type: 'RESET' });
  other.send({ type: 'SUBMIT', login: 'fail@x', password: planted(mode, CANARY.password) });
  calls[4]?.fail(echoingRejection(calls[4].payload, 401));
  await waitFor(other, (s) => s.matches('failed'));
  expectNoCanary(other, seen, 'failed');
  // The echo is really there, so the check above would have caught an error that exposed it.
  expect(JSON.stringify((other.getSnapshot().context.error as HttpError).body)).toContain(CANARY.password);

  other.send({ type: 'RESET' });
  expectNoCanary(other, seen, 'idle');
  return events;
}

describe('loginMachine secrets', () => {
  it('never exposes a password or code sent as strings (inspector behind redactInspection)', async () => {
    const events = await walkEveryState('strings', (events) => redactInspection((e) => events.push(e)));
    expect(events.length).toBeGreaterThan(20);
  });

  it('never exposes a password or code sent as secret() (inspector behind redactInspection)', async () => {
    await walkEveryState('secrets', (events) => redactInspection((e) => events.push(e)));
  });

  it('never shows a bare inspector a password or code that the caller sent as secret()', async () => {
    const events = await walkEveryState('secrets', (events) => (e) => events.push(e));
    expect(events.some((e) => e.type === '@xstate.event')).toBe(true);
  });

  it('control: a bare inspector does see string inputs (so the detector works; use secret())', async () => {
    const events: InspectionEvent[] = [];
    const { auth } = manualAuth();
    const actor = createActor(loginMachine, { input: { auth }, inspect: (e) => events.push(e) }).start();
    actor.send({ type: 'SUBMIT', login: 'two@x', password: CANARY.password });
    expect(inspectionText(events)).toContain(CANARY.password);
    // …while the actor's own views stay clean.
    expect(JSON.stringify(actor.getPersistedSnapshot())).not.toContain(CANARY.password);
    actor.stop();
  });

  it('keeps a wrong canary password out of a real 401 from the reference server', async () => {
    const server = await startReferenceServer();
    try {
      const auth = createAuthModule(
        createOfetchAdapter({ baseURL: server.url, timeout: REAL_TIME_TIMEOUT_MS }),
      );
      const events: InspectionEvent[] = [];
      const actor = createActor(loginMachine, {
        input: { auth },
        inspect: redactInspection((e) => events.push(e)),
      }).start();
      actor.send({ type: 'SUBMIT', login: server.seed.plain.email, password: CANARY.password });
      await waitFor(actor, (s) => s.matches('failed'));
      expect(actor.getSnapshot().context.error).toBeInstanceOf(UnauthorizedError);
      expect(server.requests[0]?.body).toMatchObject({ password: CANARY.password });
      expectNoCanary(actor, { events, checked: 0 }, 'failed');
    } finally {
      await server.close();
    }
  });

  it('never sends "[redacted]" after a snapshot restored from JSON: it fails and asks again', async () => {
    const { auth, calls } = manualAuth();
    const actor = createActor(loginMachine, { input: { auth } }).start();
    actor.send({ type: 'SUBMIT', login: 'two@x', password: CANARY.password });
    calls[0]?.answer({ type: 'two_factor_code' });
    await waitFor(actor, (s) => s.matches('twoFactorRequired'));

    const stored = JSON.parse(JSON.stringify(actor.getPersistedSnapshot()));
    stored.context.auth = auth; // services are not data: an app re-wires them on restore
    const restored = createActor(loginMachine, { input: { auth }, snapshot: stored }).start();
    expect(restored.getSnapshot().value).toBe('twoFactorRequired');
    restored.send({ type: 'SUBMIT_CODE', code: '123456' });
    await waitFor(restored, (s) => s.matches('failed'));

    const error = restored.getSnapshot().context.error as RequestValidationError;
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.issues[0]?.path).toEqual(['password']);
    expect(calls).toHaveLength(1);
  });

  it('goes on from a persisted snapshot kept in memory (the Secret objects survive)', async () => {
    const { auth, calls } = manualAuth();
    const actor = createActor(loginMachine, { input: { auth } }).start();
    actor.send({ type: 'SUBMIT', login: 'two@x', password: secret(CANARY.password) });
    calls[0]?.answer({ type: 'two_factor_code' });
    await waitFor(actor, (s) => s.matches('twoFactorRequired'));

    const restored = createActor(loginMachine, {
      input: { auth },
      snapshot: actor.getPersistedSnapshot(),
    }).start();
    restored.send({ type: 'SUBMIT_CODE', code: CANARY.code });
    expect(calls[1]?.payload).toMatchObject({ password: CANARY.password, two_factor_code: CANARY.code });
  });
});

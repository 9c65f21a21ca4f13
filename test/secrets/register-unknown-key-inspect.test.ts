import { inspect } from 'node:util';
import { sessionActorOf } from 'pam-client/devtools';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createServerSessionClient,
  inspector,
  type ServerSessionClientBase,
  userModule,
} from '../../machines/index';
import { boxRegistration, REGISTER_KEYS } from '../../machines/login/request';
import { boxCommand } from '../../machines/session/login';
import { RegisterSimplifiedPayload } from '../../src/schemas/auth';
import { isSecret } from '../../src/secrets/secret';
import { browserProfile, requestsTo, runningClock, usePam } from '../server-session/support';
import { until } from '../support/event-loop';
import { openTab, useWorld } from '../support/world';

// FIXSEC28 F3 (REVIEW28): `register()` with a key the registration does not take (Laravel's
// `password_confirmation`, or any other: `pin`) is refused (`invalid_request`, naming the key, nothing
// sent), but the key's value, the raw password, reached every inspector: the registration actor's
// input (`snapshot.children.submitRegistration.options.input.payload`, an `@xstate.actor` event's
// `actorRef.options.input`, an action's params), which no redaction walks (actor refs are not data).
// Now the registration actor's fields are behind a function (which no inspector reads), and the
// registration machine's output boxes the value of every key a registration does not take.
// Token mode (createPamClient over the reference server) and the server-session client (over
// `pam-client/server` in front of it): an inspector given every event never holds the
// confirmation (a secret key's name: its value is redacted in plain data), and no actor's input,
// read deep through the refs, holds the confirmation or any other key's value (`pin`).

const CONFIRMATION = 'Kx7-unguessable_Reg.Pw2026';
const PIN = 'pin-canary-8f3d1c';
const CAPTCHA = 'captcha-canary-7e1b9a0c';

const payload = (email: string) =>
  ({
    name: 'Joao da Silva',
    email,
    password: CONFIRMATION,
    password_confirmation: CONFIRMATION,
    pin: PIN,
    number: '529.982.247-25',
    birth_date: '1988-07-21',
    phone: '11987654321',
    ddi: '55',
    country: 'BR',
    nationalities: '["BR"]',
    optIn: true,
    captcha_token: CAPTCHA,
  }) as never;

/** Every string reachable from `value` (actor refs and their options included), `depth` deep. */
function strings(value: unknown, depth = 12, seen = new Set<unknown>()): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null || seen.has(value) || depth < 0) return [];
  seen.add(value);
  const out: string[] = [];
  let keys: string[] = [];
  try {
    keys = Reflect.ownKeys(value).filter((k): k is string => typeof k === 'string');
  } catch {}
  for (const k of keys) {
    let child: unknown;
    try {
      child = (value as Record<string, unknown>)[k];
    } catch {}
    out.push(...strings(child, depth - 1, seen));
  }
  return out;
}

/** Every actor input reachable from `value` (an actor ref's `options.input`, children's too). */
function inputs(value: unknown, depth = 12, seen = new Set<unknown>()): unknown[] {
  if (typeof value !== 'object' || value === null || seen.has(value) || depth < 0) return [];
  seen.add(value);
  const out: unknown[] = [];
  let keys: string[] = [];
  try {
    keys = Reflect.ownKeys(value).filter((k): k is string => typeof k === 'string');
  } catch {}
  for (const k of keys) {
    let child: unknown;
    try {
      child = (value as Record<string, unknown>)[k];
    } catch {}
    if (k === 'input' && (value as { src?: unknown }).src !== undefined) out.push(child);
    out.push(...inputs(child, depth - 1, seen));
  }
  return out;
}

/** The events (their types) where the confirmation is, anywhere; or the pin, in an actor's input. */
const leaks = (events: unknown[]) =>
  events
    .filter(
      (e) =>
        strings(e).some((s) => s.includes(CONFIRMATION)) || strings(inputs(e)).some((s) => s.includes(PIN)),
    )
    .map((e) => (e as { type: string }).type);

/**
 * The raw events (their types) where a secret of the registration is, anywhere (FIXTOK29 item 2):
 * the password (the confirmation's value too), the captcha token (the keys a registration takes
 * as secrets) or the pin (a key it does not take). The REGISTER event itself included: its
 * payload is boxed at the session's door, before any actor or inspector sees it.
 */
const rawLeaks = (events: unknown[]) =>
  events
    .filter((e) => strings(e).some((s) => [CONFIRMATION, PIN, CAPTCHA].some((v) => s.includes(v))))
    .map((e) => `${(e as { type: string }).type} ${(e as { event?: { type?: string } }).event?.type}`);

const world = useWorld();

describe('register() with keys a registration does not take (FIXSEC28 F3)', () => {
  it('token mode: refused, nothing sent, and no inspector or snapshot holds their values', async () => {
    const events: unknown[] = [];
    const tab = openTab(world, { inspect: (e) => events.push(e) });
    world.tabs.push(tab);
    const raw: unknown[] = [];
    sessionActorOf(tab.client).system.inspect((e) => raw.push(e));
    const before = world.server.requests.length;
    tab.client.register(payload('new.f3@example.com'));
    for (let i = 0; i < 50 && tab.client.view.status !== 'failed'; i++) await world.settle();
    expect(tab.client.view.status).toBe('failed');
    expect(tab.client.view.error?.code).toBe('invalid_request');
    expect(tab.client.view.error?.message).toContain('password_confirmation: is not a known field');
    expect(tab.client.view.error?.message).toContain('pin: is not a known field');
    expect(world.server.requests.slice(before).filter((r) => r.path.includes('register'))).toEqual([]);
    // Each kind of event the probe found it in was seen (the test looks where the leak was).
    expect(events.map((e) => (e as { type: string }).type)).toEqual(
      expect.arrayContaining(['@xstate.actor', '@xstate.action', '@xstate.snapshot', '@xstate.microstep']),
    );
    expect(leaks(events)).toEqual([]);
    expect(inputs(events).length).toBeGreaterThan(0);
    const actor = sessionActorOf(tab.client);
    expect(inspect(actor.getSnapshot(), { depth: 12 })).not.toContain(CONFIRMATION);
    expect(strings(inputs(actor.getSnapshot())).some((s) => s.includes(PIN))).toBe(false);
    // The raw system inspector (the developer door, not redacted): no event holds any of them.
    expect(raw.map((e) => (e as { event?: { type?: string } }).event?.type)).toContain('REGISTER');
    expect(rawLeaks(raw)).toEqual([]);
    tab.client.stop();
  });
});

describe('the server-session client: the same (FIXSEC28 F3)', () => {
  const clock = runningClock();
  const { ref, fx } = usePam(clock);
  const clients: ServerSessionClientBase[] = [];
  afterEach(() => {
    for (const c of clients.splice(0)) c.stop();
  });

  it('refused, nothing sent, and no inspector or snapshot holds their values', async () => {
    const events: unknown[] = [];
    const client = createServerSessionClient({
      fetch: browserProfile(fx.served.url).fetch,
      flows: [userModule(), inspector((e) => events.push(e))],
      environment: { channel: null },
    });
    clients.push(client);
    await client.ready;
    const raw: unknown[] = [];
    sessionActorOf(client).system.inspect((e) => raw.push(e));
    client.register(payload('new.f3.ss@example.com'));
    await until(() => client.view.status === 'failed', 'refused');
    expect(client.view.error?.code).toBe('invalid_request');
    expect(client.view.error?.message).toContain('password_confirmation: is not a known field');
    expect(requestsTo(ref.server, '/auth/register-simplified')).toEqual([]);
    expect(events.length).toBeGreaterThan(0);
    expect(leaks(events)).toEqual([]);
    // The raw system inspector (the developer door, not redacted: the REGISTER event is the app's
    // own): no actor's input holds either value.
    expect(raw.length).toBeGreaterThan(0);
    expect(inputs(raw).length).toBeGreaterThan(0);
    expect(strings(inputs(raw)).filter((s) => s.includes(CONFIRMATION) || s.includes(PIN))).toEqual([]);
    // Nor any event: the REGISTER event's payload boxed at the door (FIXTOK29 item 2).
    expect(raw.map((e) => (e as { event?: { type?: string } }).event?.type)).toContain('REGISTER');
    expect(rawLeaks(raw)).toEqual([]);
  });
});

describe("boxRegistration: the keys a registration takes are the schema's", () => {
  it('every key of RegisterSimplifiedPayload but the secrets kept as sent; any other boxed', () => {
    const keys = Object.keys(RegisterSimplifiedPayload.shape);
    const boxed = boxRegistration(
      Object.fromEntries([...keys, 'password_confirmation', 'pin'].map((k) => [k, 'v'])),
      REGISTER_KEYS,
    );
    expect(
      Object.keys(boxed)
        .filter((k) => isSecret(boxed[k]))
        .sort(),
    ).toEqual(['captcha_token', 'password', 'password_confirmation', 'pin'].sort());
    expect(
      Object.keys(boxed)
        .filter((k) => boxed[k] === 'v')
        .sort(),
    ).toEqual(keys.filter((k) => k !== 'password' && k !== 'captcha_token').sort());
  });
});

describe('the REGISTER command boxed at the door (FIXTOK29 item 2)', () => {
  it('every value boxed but the e-mail, the app source and the opt-in; none missing made one', () => {
    const { payload: boxed } = boxCommand({
      type: 'REGISTER',
      payload: {
        ...(payload('a@example.com') as object),
        ddi: undefined,
        phone: null,
        captcha_token: () => 't',
      },
    }) as { payload: Record<string, unknown> };
    expect(
      Object.keys(boxed)
        .filter((k) => !isSecret(boxed[k]))
        .sort(),
    ).toEqual(['email', 'optIn', 'ddi', 'phone', 'captcha_token'].sort());
    expect([boxed.email, boxed.optIn, boxed.ddi, boxed.phone]).toEqual([
      'a@example.com',
      true,
      undefined,
      null,
    ]);
    // (A captcha provider stays one: called when the request is sent.)
    expect(typeof boxed.captcha_token).toBe('function');
    expect(strings(boxed).filter((s) => [CONFIRMATION, PIN, '529.982.247-25'].includes(s))).toEqual([]);
  });
});

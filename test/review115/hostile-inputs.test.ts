// Review 115: hostile values given to the client's commands: a typed outcome, nothing sent that
// should not be, and the password never in an error, the view, an event, a log or an inspector.
import { inspect as nodeInspect } from 'node:util';
import { isPamError, secret } from 'pam-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { S, useWorld } from '../support/world';

const world = useWorld();
const PW = 'Hunter2-S3cr3t!xyz';
const LOGIN = '/auth/login';
afterEach(() => vi.restoreAllMocks());

/** Every text a value shows: JSON (cycle-safe, functions named) and Node's inspect. */
function texts(value: unknown): string {
  const seen = new WeakSet<object>();
  let json = '';
  try {
    json = JSON.stringify(value, (_k, v) => {
      if (typeof v === 'bigint') return `${v}n`;
      if (typeof v === 'symbol') return v.toString();
      if (typeof v === 'object' && v !== null) {
        if (seen.has(v)) return '[cycle]';
        seen.add(v);
        if (v instanceof Error)
          return { ...v, message: v.message, stack: v.stack, cause: (v as { cause?: unknown }).cause };
      }
      return v;
    });
  } catch (e) {
    json = `[json threw ${String(e)}]`;
  }
  return `${json}\n${nodeInspect(value, { depth: 6, getters: false })}`;
}

async function probe(credentials: () => unknown, extra: { captchaToken?: unknown } = {}) {
  const logs: unknown[] = [];
  for (const m of ['log', 'debug', 'info', 'warn', 'error'] as const)
    vi.spyOn(console, m).mockImplementation((...a: unknown[]) => void logs.push(a));
  const inspected: unknown[] = [];
  const events: unknown[] = [];
  const views: unknown[] = [];
  const tab = world.open({
    inspect: (e) =>
      inspected.push(e.type === '@xstate.event' ? e.event : (e as { snapshot?: unknown }).snapshot),
    debug: true,
  });
  for (const t of ['signedIn', 'signedOut', 'loginFailed', 'loginStarted'] as never[])
    tab.client.on(t, (e: unknown) => void events.push(e));
  tab.client.subscribe((v) => void views.push(v));
  await world.settle();
  let thrown: unknown = null;
  try {
    const c = credentials();
    tab.client.login((extra.captchaToken ? { ...(c as object), ...extra } : c) as never);
  } catch (e) {
    thrown = e;
  }
  for (let i = 0; i < 10; i++) await world.advance(S, 250);
  const parts = {
    views,
    events,
    inspected,
    logs,
    thrown,
    view: [tab.client.view, String(tab.client.view.error)],
  };
  // Where the secret shows (the part's name): none expected.
  const all = Object.entries(parts)
    .filter(([, v]) => texts(v).toLowerCase().includes(PW.toLowerCase()))
    .map(([k]) => k)
    .join(',');
  const sent = world.server.requests.filter((r) => r.path === LOGIN);
  return { tab, thrown, all, sent, view: tab.client.view };
}

describe('hostile credentials', () => {
  const email = () => world.server.seed.plain.email;
  const cases: [string, () => unknown][] = [
    [
      'password with toString/valueOf/toJSON giving the secret',
      () => ({
        login: email(),
        password: { toString: () => PW, valueOf: () => PW, toJSON: () => PW, [Symbol.toPrimitive]: () => PW },
      }),
    ],
    [
      'password getter that throws with the secret',
      () => ({
        login: email(),
        get password(): string {
          throw new Error(`no ${PW}`);
        },
      }),
    ],
    [
      'a Proxy whose traps throw the secret',
      () =>
        new Proxy(
          {},
          {
            get: () => {
              throw new Error(PW);
            },
            ownKeys: () => {
              throw new Error(PW);
            },
            getOwnPropertyDescriptor: () => {
              throw new Error(PW);
            },
          },
        ),
    ],
    ['password a BigInt, login a Symbol', () => ({ login: Symbol('who'), password: 10n ** 30n })],
    ['password a frozen String object', () => ({ login: email(), password: Object.freeze(new String(PW)) })],
    [
      'a class instance with the password on a prototype getter',
      () => {
        class Creds {
          login = email();
          get password() {
            return PW;
          }
        }
        return new Creds();
      },
    ],
    [
      'a forged Secret whose reveal gives no string',
      () => ({
        login: email(),
        password: {
          [Symbol.for('pam-client.secret')]: true,
          reveal: () => ({ toString: () => PW }),
          toJSON: () => PW,
        },
      }),
    ],
    [
      'a forged Secret whose reveal throws the secret',
      () => ({
        login: email(),
        password: {
          [Symbol.for('pam-client.secret')]: true,
          reveal: () => {
            throw new Error(`boom ${PW}`);
          },
        },
      }),
    ],
    ['a login of 5 MB', () => ({ login: `${'a'.repeat(5_000_000)}@example.com`, password: PW })],
    [
      'the password in the login field of an unknown key',
      () => ({ login: email(), password: PW, pasword: PW }),
    ],
  ];
  for (const [name, creds] of cases)
    it(`${name}: typed, nothing sent, the secret nowhere`, async () => {
      const r = await probe(creds);
      expect(r.sent.length).toBe(0);
      // Refused at the call (thrown, the session untouched) or by the session (failed), typed.
      expect([r.view.status, isPamError(r.thrown ?? r.view.error)]).toEqual([
        r.thrown ? 'signedOut' : 'failed',
        true,
      ]);
      expect(r.all).toBe('');
    });

  it('a captcha provider that throws with the secret in its message: typed, the secret nowhere', async () => {
    const r = await probe(() => ({ login: email(), password: secret(PW) }), {
      captchaToken: () => {
        throw new Error(`widget failed, last token ${PW}`);
      },
    });
    expect(r.sent).toEqual([]);
    expect(r.view.status).toBe('failed');
    expect(isPamError(r.view.error)).toBe(true);
    expect(r.all).toBe('');
  });

  it('one Secret used for two logins (logged out between): both sent, never shown', async () => {
    const pw = secret(world.server.seed.plain.password);
    const r = await probe(() => ({ login: email(), password: pw }));
    expect(r.view.status).toBe('signedIn');
    r.tab.client.logout();
    await world.advance(5 * S, 250);
    r.tab.client.login({ login: email(), password: pw });
    await world.advance(5 * S, 250);
    expect(r.tab.client.view.status).toBe('signedIn');
    expect(texts(r.tab.client.view)).not.toContain(world.server.seed.plain.password);
  });
});

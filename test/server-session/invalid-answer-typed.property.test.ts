// REVIEW-AL AL-5: one error type per answer, whatever the row. Through `pam-client/server`, over real
// sockets (a hostile API behind the proxy, the server-session client with `userModule()`):
// (a) the proxy's fixed `invalid_response` 502s (an answer larger than it reads, one holding the
//     token as a key, a redirect) reach every server-session call as the core's
//     ResponseValidationError, as they reach `auth.getUserProfile` (they came out of `client.user`
//     as a plain HttpError 502);
// (b) an unreadable 2xx of the API (HTML, garbage: not JSON) is no success: the proxy answers it
//     with the fixed 502 (nothing of its body relayed) and every row throws ResponseValidationError
//     (getAddress and setTimeoutLimits resolved with `{ message }`, getLoginHistory with `{}`).

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerSessionClient, userModule } from '../../machines/index';
import type { UserModule } from '../../src/index';
import type { PamServerOptions } from '../../src/server/index';
import {
  fullInfo,
  type HostileAPI,
  json,
  loginOk,
  pamFor,
  startHostile,
  TOKEN,
  user,
} from '../server/hostile';
import { until } from '../support/event-loop';
import { type ServedHandler, serveHandler } from '../support/serve-handler';
import { browserProfile } from './support';

const PASSWORD = 'Secret123!';
type Call = (c: {
  user: UserModule;
  auth: { [k: string]: (...a: unknown[]) => Promise<unknown> };
}) => Promise<unknown>;

/** Every relayed row a hostile 2xx can answer: the user module's reads and changes, and the auth rows. */
const ROWS: Record<string, Call> = {
  getAddress: (c) => c.user.getAddress(),
  getSocialAccounts: (c) => c.user.getSocialAccounts(),
  getAvailableYears: (c) => c.user.getAvailableYears(),
  getLoginHistory: (c) => c.user.getLoginHistory(1),
  getIncomeReportStatus: (c) => c.user.getIncomeReportStatus(7),
  setTimeoutLimits: (c) => c.user.setTimeoutLimits({ user_pause: 7, reason: 2, password_check: PASSWORD }),
  updateLimits: (c) =>
    c.user.updateLimits({
      user_limit_deposit: 500,
      user_limit_deposit_active: 1,
      user_limit_deposit_period: 'weekly',
    }),
  updateMarketing: (c) => c.user.updateMarketing({ mkt_accepted: false }),
  checkPassword: (c) => c.user.checkPassword({ password: PASSWORD }),
  getUserProfile: (c) => c.auth.getUserProfile!(),
  forgotPassword: (c) => c.auth.forgotPassword!({ login: 'p@example.com', captcha_token: 'cap-1' }),
  validateDocument: (c) => c.auth.validateDocument!({ number: '52998224725', captcha_token: 'cap-1' }),
};
const NAMES = Object.keys(ROWS);
interface World {
  api: HostileAPI;
  site: ServedHandler;
  client: ReturnType<typeof createServerSessionClient<[ReturnType<typeof userModule>]>>;
  /** The answer of the next call that is not the login or the session's own profile read. */
  next: (res: import('node:http').ServerResponse) => void;
  /** Whether the hostile answer goes to the profile read too (the getUserProfile row). */
  profileToo: boolean;
}

async function world(options: Partial<PamServerOptions> = {}): Promise<World> {
  const api = await startHostile();
  const w = { api, profileToo: false, next: (res) => json(res, 200, {}) } as World;
  api.handler = (req, res) => {
    if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
    if (req.url?.startsWith('/auth/user-profile') && !w.profileToo)
      return json(res, 200, { user: user(), userInfo: { ...loginOk().userInfo, ...fullInfo() } });
    w.next(res);
  };
  const pam = pamFor(api, { cookie: { secure: false }, ...options });
  w.site = await serveHandler((request, context) => pam.handle(request, context));
  w.client = createServerSessionClient({
    fetch: browserProfile(w.site.url).fetch,
    flows: [userModule()],
    environment: { channel: null },
  });
  await w.client.ready;
  w.client.login({ login: 'p@example.com', password: PASSWORD });
  await until(
    () => w.client.view.status === 'signedIn',
    () => JSON.stringify(w.client.view),
  );
  // The session's own first profile read done (it answers the profile, never the hostile body).
  await until(() => w.client.view.restrictions?.checkedAt != null, 'profile read');
  return w;
}

async function close(w: World) {
  w.client.stop();
  await w.site.close();
  await w.api.close();
}

/** The outcome of one call: what it resolved with, or its error's name, code and every text of it. */
async function outcome(w: World, name: string) {
  w.profileToo = name === 'getUserProfile';
  try {
    const value = await ROWS[name]!(w.client as never);
    return { resolved: true as const, value };
  } catch (error) {
    const e = error as { name: string; code: string; body?: unknown; status?: number };
    return {
      resolved: false as const,
      name: e.name,
      code: e.code,
      text: `${String(error)} ${JSON.stringify(error)} ${JSON.stringify(e.body ?? null)} ${(error as Error).message}`,
    };
  } finally {
    w.profileToo = false;
  }
}

describe("AL-5 (a): the proxy's fixed invalid_response 502s are ResponseValidationError on every row", () => {
  // (The public rows, forgotPassword and validateDocument, send no token: one in their answer is
  // no secret of theirs, read by their schema.)
  const PUBLIC = ['forgotPassword', 'validateDocument'];
  const cases: [
    string,
    Partial<PamServerOptions>,
    (res: import('node:http').ServerResponse) => void,
    string[],
  ][] = [
    [
      'an answer larger than the proxy reads',
      { maxAnswerBytes: 2048 },
      (res) => json(res, 200, { a: 'x'.repeat(8000) }),
      NAMES,
    ],
    [
      'an answer holding the token as a key',
      {},
      (res) => json(res, 200, { [TOKEN]: 1, street: 'Rua A' }),
      NAMES.filter((n) => !PUBLIC.includes(n)),
    ],
    [
      'a redirect',
      {},
      (res) => {
        res.writeHead(302, { location: 'https://elsewhere.example/x' });
        res.end();
      },
      NAMES,
    ],
  ];
  it.each(cases)(
    '%s',
    async (_, options, answer, rows) => {
      const w = await world(options);
      try {
        w.next = answer;
        for (const name of rows) {
          const o = await outcome(w, name);
          expect(
            o.resolved ? { row: name, value: o.value } : { row: name, code: o.code, class: o.name },
          ).toEqual({
            row: name,
            code: 'invalid_response',
            class: 'ResponseValidationError',
          });
          expect(o.resolved === false && o.text).not.toContain(TOKEN);
        }
      } finally {
        await close(w);
      }
    },
    30_000,
  );
});

describe('AL-5 (b): an unreadable 2xx of the API is never a success, on every relayed row', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  }, 20_000);
  afterAll(() => close(w));

  /** A body no JSON reader takes, with the token and the password somewhere in it. */
  const unreadable = fc
    .tuple(
      fc.constantFrom(
        (s: string) => `<!doctype html><html><body>${s}</body></html>`,
        (s: string) => `{"street": "${s}"`,
        (s: string) => `Error: ${s}`,
        (s: string) => `\u0000\u00ff${s}`,
        (s: string) => `]${s}[`,
      ),
      fc.string({ maxLength: 20 }),
      fc.constantFrom(TOKEN, PASSWORD, `${TOKEN} ${PASSWORD}`),
    )
    .map(([wrap, noise, secret]) => wrap(`${noise}${secret}`))
    .filter((text) => {
      try {
        JSON.parse(text);
        return false;
      } catch {
        return true;
      }
    });

  it('a property over hostile 2xx bodies x routes: a typed ResponseValidationError, nothing of the body in it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...NAMES),
        unreadable,
        fc.constantFrom(200, 201, 202, 203),
        fc.constantFrom('text/html', 'application/json', 'text/plain', 'application/octet-stream'),
        async (name, body, status, type) => {
          w.next = (res) => {
            res.writeHead(status, { 'content-type': type });
            res.end(body);
          };
          const o = await outcome(w, name);
          expect(o.resolved ? { name, value: o.value } : { name, code: o.code, class: o.name }).toEqual({
            name,
            code: 'invalid_response',
            class: 'ResponseValidationError',
          });
          const text = (o as { text: string }).text;
          expect(text).not.toContain(TOKEN);
          expect(text).not.toContain(PASSWORD);
          expect(text).not.toContain('<html>');
        },
      ),
      { numRuns: 60 },
    );
    // Still signed in (an unreadable answer is no 401), the API reached each time.
    expect(w.client.view.status).toBe('signedIn');
  }, 60_000);
});

describe("REVIEW-25 R25-1, R25-8: a change whose answer could not be read, or an error the API shaped as the proxy's, is an outcome unknown", () => {
  const refusalShaped = (pam: string) => (res: import('node:http').ServerResponse) =>
    json(res, 500, { message: 'm', pam, issues: [{ path: ['user_pause'], code: 'custom', message: 'no' }] });
  it.each([
    [
      'an unreadable 2xx',
      (res: import('node:http').ServerResponse) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html>saved</html>');
      },
      'invalid_response',
    ],
    [
      'a redirect',
      (res: import('node:http').ServerResponse) => {
        res.writeHead(302, { location: 'https://elsewhere.example/x' });
        res.end();
      },
      'invalid_response',
    ],
    // R25-8: the API's own 500 (after it applied the change) in the proxy's refusal shape: a 500 still.
    ["a 500 shaped as the proxy's invalid_request", refusalShaped('invalid_request'), 'http'],
    ["a 500 shaped as the proxy's invalid_response", refusalShaped('invalid_response'), 'http'],
  ])(
    '%s of a pause: mutationOutcomeUnknown once (the profile read again), no betting',
    async (_, answer, code) => {
      const w = await world();
      try {
        const told: { operation: string; error: { code: string } }[] = [];
        w.client.on('mutationOutcomeUnknown', (e) => told.push(e as never));
        w.next = answer;
        const o = await outcome(w, 'setTimeoutLimits');
        expect(o).toMatchObject({ resolved: false, code });
        await until(() => told.length > 0, 'the outcome told');
        expect(told.map((e) => [e.operation, e.error.code])).toEqual([['setTimeoutLimits', code]]);
        expect(w.client.view.restrictions?.canBet).toBe(false);
      } finally {
        await close(w);
      }
    },
    30_000,
  );
});

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import fc from 'fast-check';
import { sessionActorOf } from 'pam-client/devtools';
import { createPamClient } from 'pam-client/machines';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { ENCODERS } from '../errors/encoders';
import { trackedFetch } from '../support/tracked-fetch';

// Issue 9: for arbitrary server answers that echo any part of the request, no canary secret
// appears in any error, snapshot, persisted snapshot, inspection event, emitted event or debug line.

const CANARY = {
  password: 'cnry-PASS"wörd/7f3a9',
  code: 'cnry-CODE-55120',
  captcha: 'cnry-CAPTCHA-0b1e',
  token: 'cnry-TOKEN-c0ffee-0123456789abcdef',
} as const;

interface Seen {
  method: string;
  path: string;
  body: string;
  authorization: string;
}
type Responder = (req: Seen) => { status: number; body: unknown; headers?: Record<string, string> };

let server: Server;
let url: string;
let respond: Responder = () => ({ status: 500, body: {} });

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c) => {
      data += c;
    });
    req.on('end', () => resolve(data));
  });

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const seen = {
      method: req.method ?? '',
      path: req.url ?? '',
      body: await read(req),
      authorization: String(req.headers.authorization ?? ''),
    };
    const answer = respond(seen);
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Where an answer puts the echoed request. */
const echoShape = fc.constantFrom(
  (echo: string) => ({ message: `Wrong ${echo}` }),
  (echo: string) => ({ message: 'x', errors: { password: [`${echo} is wrong`], two_factor_code: [echo] } }),
  (echo: string) => ({ message: 'x', errors: { __proto__: [echo], login: echo } }),
  (echo: string) => ({ deep: { deeper: [{ echo }] }, message: echo.slice(0, 40) }),
  (echo: string) => echo,
  (echo: string) => ({ access_token: 42, message: echo, type: 'two_factor_code' }),
);
const echoPart = fc.constantFrom<(r: Seen) => string>(
  (r) => r.body,
  (r) => r.authorization,
  (r) => JSON.stringify(r),
  (r) => encodeURIComponent(r.body),
  (r) => r.body.replace(/"/g, '\\"'),
  // Issue 22: what PHP, Python and JS back ends do to an echoed string.
  ...Object.values(ENCODERS).map((encode) => (r: Seen) => encode(r.body)),
);
const status = fc.constantFrom(200, 400, 401, 403, 422, 429, 500, 503);

describe('canaries: a server that echoes the request', () => {
  it('never surfaces a secret anywhere an app or a tool can look', async () => {
    await fc.assert(
      fc.asyncProperty(
        status,
        echoShape,
        echoPart,
        status,
        async (loginStatus, shape, part, refreshStatus) => {
          let loggedIn = false;
          respond = (r) => {
            if (r.path.startsWith('/auth/login')) {
              const body = JSON.parse(r.body || '{}') as Record<string, unknown>;
              if (body.two_factor_code && !loggedIn) {
                loggedIn = true;
                return {
                  status: 200,
                  body: {
                    access_token: CANARY.token,
                    expires_in: 3600,
                    token_type: 'Bearer',
                    user: { id: 1, token: CANARY.token, name: r.body.slice(0, 60) },
                    userInfo: {
                      validate_email_at: null,
                      login_at: r.body.slice(0, 80),
                      login_attempt_qty: 0,
                      seven_days_since_last_login: false,
                      strong_password: true,
                      force_request_kyc: false,
                      two_factor_enabled: true,
                    },
                  },
                };
              }
              if (loginStatus === 200)
                return { status: 200, body: { type: 'two_factor_code', message: part(r) } };
              return { status: loginStatus, body: shape(part(r)), headers: { 'retry-after': '1' } };
            }
            return { status: refreshStatus === 200 ? 500 : refreshStatus, body: shape(part(r)) };
          };
          const inspected: InspectionEvent[] = [];
          const debug: unknown[] = [];
          const tracked = trackedFetch();
          const client = createPamClient({
            baseURL: url,
            fetch: tracked.fetch,
            timeout: 1000,
            retry: 0,
            environment: { channel: null },
            inspect: (e) => inspected.push(e),
            debug: (line, detail) => debug.push(line, detail),
          });
          const emitted: unknown[] = [];
          sessionActorOf(client).on('*', (e) => emitted.push(e));
          const snapshots: string[] = [];
          const errors: unknown[] = [];
          client.subscribe((v) => {
            if (v.error) errors.push(v.error);
          });
          sessionActorOf(client).subscribe((s) => {
            snapshots.push(JSON.stringify(s), JSON.stringify(sessionActorOf(client).getPersistedSnapshot()));
          });
          // Waits for the requests themselves and a few turns after, never for a timer.
          const settle = () => tracked.idle();
          try {
            await settle();
            client.login({ login: 'a@b.c', password: CANARY.password, captchaToken: CANARY.captcha });
            for (let i = 0; i < 20 && ['signingIn', 'verifyingCode'].includes(client.view.status); i++)
              await settle();
            if (client.view.status === 'twoFactorRequired') {
              client.submitCode(CANARY.code);
              const status = () => client.view.status as string;
              for (let i = 0; i < 20 && status() !== 'signedIn' && status() !== 'failed'; i++) await settle();
            }
            if (client.view.status === 'signedIn') {
              client.state.send({ type: 'REFRESH' });
              await client.user.getAddress().catch((e) => errors.push(e));
              await settle();
            }
            client.logout();
            await settle();
          } finally {
            client.stop();
          }
          const surfaces = [
            ...snapshots,
            JSON.stringify(client.view),
            ...errors.flatMap((e) => [
              inspect(e, { depth: 8, showHidden: true }),
              JSON.stringify(e),
              String((e as Error).stack),
              inspect(structuredClone(e), { depth: 8 }),
            ]),
            // Inspection events hold live actor refs (the whole system): their JSON is what a tool shows.
            ...inspected.map((e) => JSON.stringify({ ...e, actorRef: undefined, sourceRef: undefined })),
            inspect(emitted, { depth: 12, showHidden: true }),
            JSON.stringify(emitted),
            inspect(debug, { depth: 12 }),
          ].join('\n');
          for (const secret of Object.values(CANARY)) {
            expect(surfaces.includes(secret), `leaked ${secret}`).toBe(false);
            expect(surfaces.includes(JSON.stringify(secret).slice(1, -1)), `leaked escaped ${secret}`).toBe(
              false,
            );
            for (const [name, encode] of Object.entries(ENCODERS))
              expect(surfaces.includes(encode(secret)), `leaked ${secret} (${name})`).toBe(false);
          }
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);
});

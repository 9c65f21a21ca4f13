import { inspect } from 'node:util';
import { sessionActorOf } from 'pam-client/devtools';
import type { PamClient } from 'pam-client/machines';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENCODERS } from '../errors/encoders';
import { type EchoAnswer, type EchoRequest, type EchoServer, startEchoServer } from '../http/echo-server';
import { until } from '../support/event-loop';
import { PLAIN_USER_INFO } from '../support/login-answer';
import { reachableStrings } from '../support/reachable';
import { clientRecordingInto } from '../support/recording-client';

// Review 7, H3: the access token a login answer gives, echoed by a hostile API in other values of
// that same answer (`user.username`, `user.name: 'Bearer <token>'`, `user.api_token`), reached the
// first signedIn view (before the profile read), the `signedIn` event, the debug log and the
// inspector. Later answers were scrubbed (they are sent with the token); the answer that gives the
// token was not. Now every answer that gives a token is scrubbed of it (src/auth/operations.ts),
// and the token itself still reaches the token store.

const TOK = 'acc3ssTok3nXYZ0123456789abcdef';
const NEW = 'n3wTok3nQRS9876543210zyxwvu';

/** A user record with the token echoed in fields that are no token field. */
const echoingUser = (token: string) => ({
  id: 42,
  email: 'p@example.com',
  username: token,
  name: `Bearer ${token}`,
  first_name: encodeURIComponent(`t=${token}`),
  last_name: 'Q',
  api_token: token,
  token,
  ws: { jwt: token },
  document: { type: 'cpf', number: '52998224725', note: `session ${token}` },
});

let api: EchoServer;
let answer: (request: EchoRequest) => EchoAnswer = () => ({ status: 404 });
beforeAll(async () => {
  api = await startEchoServer();
  api.answer = (request) => answer(request);
});
afterAll(() => api?.close());

const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

/** A client that records everything it lets out: views, events, debug lines, inspection events. */
function recordingClient() {
  const seen: unknown[] = [];
  const c = clientRecordingInto(seen, api.url, { environment: { channel: null } });
  clients.push(c);
  for (const type of ['signedIn', 'tokenRefreshed', 'restrictionsChanged', 'signIn.failed'] as const)
    c.on(type, (event) => seen.push(event, inspect(event, { depth: 8 })));
  const views: string[] = [];
  c.subscribe((view) => {
    seen.push(view);
    views.push(JSON.stringify(view));
  });
  const surfaces = () => {
    seen.push(
      c.view,
      JSON.stringify(sessionActorOf(c).getSnapshot()),
      JSON.stringify(sessionActorOf(c).getPersistedSnapshot()),
    );
    return reachableStrings(seen);
  };
  return { c, views, surfaces };
}

/** A recording client signed in with the usual login (`views` holds its first signed-in view). */
async function signedInClient() {
  const recorded = recordingClient();
  const { c } = recorded;
  c.login({ login: 'p@example.com', password: 'Secret123!' });
  await until(
    () => c.view.status === 'signedIn',
    () => `signed in (${c.view.status})`,
  );
  return recorded;
}

/** The strings among `everywhere` that hold `token` in any form a back end writes it. */
const holding = (everywhere: string[], token: string) =>
  everywhere.filter((t) => Object.values(ENCODERS).some((encode) => t.includes(encode(token))));

/** The first view (as JSON) that says signed in. */
const firstSignedIn = (views: string[]) =>
  views
    .map((v) => JSON.parse(v) as { status: string; user: Record<string, unknown> })
    .find((v) => v.status === 'signedIn')!;

/** The login's success: TOK granted, with `user`, `userInfo` and `more` as given. */
const granted = (
  user: Record<string, unknown>,
  userInfo: Record<string, unknown>,
  more: Record<string, unknown> = {},
): EchoAnswer => ({
  status: 200,
  body: { access_token: TOK, ...more, expires_in: 28_800, token_type: 'Bearer', user, userInfo },
});

const profileAnswer = (token: string): EchoAnswer => ({
  status: 200,
  body: { user: { id: 42, email: 'p@example.com', username: 'p', token }, userInfo: PLAIN_USER_INFO },
});

describe('token echo: the answer that gives the token', () => {
  it('a login answer echoing its access token reaches no view, event, debug line or inspection event', async () => {
    answer = (request) => {
      if (request.url === '/auth/login')
        return granted(echoingUser(TOK), {
          ...PLAIN_USER_INFO,
          remember: TOK,
          login_at: '2030-01-01 00:00:00',
        });
      if (request.url.startsWith('/auth/user-profile')) return profileAnswer(TOK);
      return { status: 404, body: { message: 'nf' } };
    };
    const { c, views, surfaces } = await signedInClient();
    // The first signedIn view: the login answer's alone, before the profile read.
    const first = firstSignedIn(views);
    expect(first.user.username).toBe('[redacted]');
    expect(first.user.name).toBe('Bearer [redacted]');
    expect(first.user.email).toBe('p@example.com');
    // The token itself went to the token store, and is what the next request sends.
    expect((await c.tokens.get())?.accessToken).toBe(TOK);
    await until(() => api.requests.some((r) => r.url.startsWith('/auth/user-profile')), 'profile read');
    expect(api.requests.find((r) => r.url.startsWith('/auth/user-profile'))?.headers.authorization).toBe(
      `Bearer ${TOK}`,
    );
    expect(holding(surfaces(), TOK)).toEqual([]);
  });

  it('a base64 token echoed unpadded, in base64url or form-decoded reaches no view or snapshot', async () => {
    const token = 'dG9rZW4rLzEyMz8+Pz4/Pz4+YWJjZGVmZ2hpams=';
    const variants = [
      'dG9rZW4rLzEyMz8+Pz4/Pz4+YWJjZGVmZ2hpams',
      'dG9rZW4rLzEyMz8-Pz4_Pz4-YWJjZGVmZ2hpams',
      'dG9rZW4rLzEyMz8 Pz4/Pz4 YWJjZGVmZ2hpams=',
    ];
    answer = (request) => {
      if (request.url === '/auth/login')
        return {
          status: 200,
          body: {
            access_token: token,
            expires_in: 28_800,
            token_type: 'Bearer',
            user: {
              id: 42,
              email: 'p@example.com',
              token,
              username: variants[0],
              name: `Bearer ${variants[1]}`,
            },
            userInfo: { ...PLAIN_USER_INFO, remember: variants[2] },
          },
        };
      if (request.url.startsWith('/auth/user-profile')) return profileAnswer(token);
      return { status: 404, body: { message: 'nf' } };
    };
    const { c, views, surfaces } = await signedInClient();
    const first = firstSignedIn(views);
    expect(first.user.username).toBe('[redacted]');
    expect(first.user.name).toBe('Bearer [redacted]');
    expect((await c.tokens.get())?.accessToken).toBe(token);
    const everywhere = surfaces();
    for (const v of variants) expect(everywhere.filter((t) => t.includes(v.slice(0, -2)))).toEqual([]);
  });

  it('the two-factor step: neither the challenge nor the code answer lets the token out', async () => {
    answer = (request) => {
      if (request.url === '/auth/login') {
        const body = request.json as { two_factor_code?: string };
        if (!body.two_factor_code)
          return {
            status: 200,
            body: { type: 'two_factor_code', access_token: TOK, message: `code sent; session Bearer ${TOK}` },
          };
        return granted(
          { ...echoingUser(TOK), last_name: `refresh ${NEW}` },
          { ...PLAIN_USER_INFO, two_factor_enabled: true },
          { refresh_token: NEW },
        );
      }
      if (request.url.startsWith('/auth/user-profile')) return profileAnswer(TOK);
      return { status: 404, body: { message: 'nf' } };
    };
    const { c, views, surfaces } = recordingClient();
    c.login({ login: 'p@example.com', password: 'Secret123!' });
    await until(
      () => c.view.status === 'twoFactorRequired',
      () => `the code step (${c.view.status})`,
    );
    c.submitCode('482913');
    await until(
      () => c.view.status === 'signedIn',
      () => `signed in (${c.view.status})`,
    );
    const first = firstSignedIn(views);
    expect(first.user.last_name).toBe('refresh [redacted]');
    expect((await c.tokens.get())?.accessToken).toBe(TOK);
    const everywhere = surfaces();
    expect(holding(everywhere, TOK)).toEqual([]);
    expect(holding(everywhere, NEW)).toEqual([]);
  });

  it('a refresh answer echoing its new token lets it out nowhere, and the store gets it', async () => {
    answer = (request) => {
      if (request.url === '/auth/login') return granted({ id: 42, email: 'p@example.com' }, PLAIN_USER_INFO);
      if (request.url === '/users/refresh-token')
        return {
          status: 200,
          body: { access_token: NEW, message: `Bearer ${NEW}`, user: echoingUser(NEW), previous: TOK },
        };
      if (request.url.startsWith('/auth/user-profile')) return profileAnswer(TOK);
      return { status: 404, body: { message: 'nf' } };
    };
    const { c, surfaces } = await signedInClient();
    c.state.send({ type: 'REFRESH' });
    await until(async () => (await c.tokens.get())?.accessToken === NEW, 'the new token stored');
    const everywhere = surfaces();
    expect(holding(everywhere, TOK)).toEqual([]);
    expect(holding(everywhere, NEW)).toEqual([]);
  });
});

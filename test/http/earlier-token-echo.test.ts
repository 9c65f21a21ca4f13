import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  createAuthModule,
  createOfetchAdapter,
  createUserModule,
  type HttpAdapter,
  isPamError,
} from '../../src/index';
import { downloadIncomeReport } from '../../src/user/download';
import { ENCODERS } from '../errors/encoders';
import { reachableStrings } from '../support/reachable';
import { useReferenceServer } from '../support/server';

// REVIEW-C F6 (browser side): the adapter scrubbed from an answer the token it sent with that
// request, and the request's own secrets, but no earlier token: after a refresh (the reference
// server rotates: the old token is revoked at once), an answer echoing the token the refresh
// replaced reached the app (an error's message and body, a 2xx value). Now every token the adapter
// sent (the last few: `HELD`) is scrubbed from every later answer, in every form the
// scrubber covers for the current one: after a refresh, after a token another tab stored (adopted,
// then replaced), and after a sign-out (an answer to a call sent with no token at all).

const ctx = useReferenceServer();

/** The strings of `value` (reachable, and as `inspect` and JSON show it) holding `token` in any form. */
function holding(value: unknown, token: string): string[] {
  const texts = [...reachableStrings(value), inspect(value, { depth: 8 }), JSON.stringify(value) ?? ''];
  const forms = Object.values(ENCODERS).map((encode) => encode(token).toLowerCase());
  return texts.filter((t) => forms.some((f) => t.toLowerCase().includes(f)));
}

/** How back ends write a token into a message, a field, a nested value. */
const echoesOf = (t: string) => ({
  message: `token ${t} was revoked`,
  detail: { header: `Bearer ${t}`, cookie: `session=${encodeURIComponent(t)}; path=/` },
  html: `<p>${ENCODERS['decimal entities']!(t)}</p>`,
  list: [t, JSON.stringify({ jwt: t })],
});

/** An adapter whose token store is `store.token` (what the session keeps), with the modules. */
function client() {
  const store: { token: string | null } = { token: null };
  const http: HttpAdapter = createOfetchAdapter({
    baseURL: ctx.server.url,
    getAccessToken: () => store.token,
    retry: 0,
  });
  const auth = createAuthModule(http);
  return { store, http, auth, user: createUserModule(http) };
}

/** Signed in as the plain seed player through a real login: the store holds its token. */
async function signedIn() {
  const c = client();
  const { email, password } = ctx.server.seed.plain;
  c.store.token = (await c.auth.login({ login: email, password })).access_token ?? null;
  return c;
}

/** A real refresh (rotation): the store takes the new token; resolves to the one it replaced. */
async function refresh(c: ReturnType<typeof client>): Promise<string> {
  const before = c.store.token!;
  c.store.token = (await c.auth.refreshToken()).access_token;
  expect(c.store.token).not.toBe(before);
  return before;
}

/** The error `call` rejects with. */
const failure = (call: Promise<unknown>) =>
  call.then(
    () => expect.unreachable('the call should fail'),
    (e: unknown) => e,
  );

describe('an answer echoing a token the client held before (F6)', () => {
  it('after a refresh: an error answer echoing the replaced token lets it out nowhere', async () => {
    const c = await signedIn();
    const old = await refresh(c);
    ctx.server.faults.add({ path: '/auth/user-profile', status: 500, body: echoesOf(old), times: 1 });
    const error = await failure(c.auth.getUserProfile());
    expect(isPamError(error) && (error as { status?: number }).status).toBe(500);
    expect(holding(error, old)).toEqual([]);
    // The token it was sent with, as before.
    ctx.server.faults.add({
      path: '/auth/user-profile',
      status: 500,
      body: echoesOf(c.store.token!),
      times: 1,
    });
    expect(holding(await failure(c.auth.getUserProfile()), c.store.token!)).toEqual([]);
  });

  it('after a refresh: a 2xx answer echoing the replaced token lets it out nowhere', async () => {
    const c = await signedIn();
    const old = await refresh(c);
    ctx.server.faults.add({ path: '/auth/user-profile', status: 200, body: echoesOf(old), times: 1 });
    const value = await c.http.get('/auth/user-profile');
    expect(holding(value, old)).toEqual([]);
    expect(value).toMatchObject({ message: 'token [redacted] was revoked' });
  });

  it('after a refresh: a download whose headers echo the replaced token hands out neither (nor its file name)', async () => {
    const c = await signedIn();
    const old = await refresh(c);
    const current = c.store.token!;
    ctx.server.faults.add({
      method: 'GET',
      path: '/income-report/file/2024.pdf',
      status: 200,
      body: '%PDF-1.7',
      contentType: 'application/pdf',
      headers: {
        'content-disposition': `attachment; filename="report-${old}.pdf"; filename*=UTF-8''r-${encodeURIComponent(current)}.pdf`,
        'x-session': `Bearer ${old}`,
      },
      times: 1,
    });
    const file = await downloadIncomeReport(c.http, {
      download_url: '/income-report/file/2024.pdf',
      reference_year: 2024,
    });
    expect(await file.blob.text()).toBe('%PDF-1.7');
    expect(file.fileName).toBe('r-[redacted].pdf');
    ctx.server.faults.add({
      method: 'GET',
      path: '/income-report/file/2024.pdf',
      status: 200,
      body: '%PDF-1.7',
      headers: {
        'content-disposition': `attachment; filename="report-${old}.pdf"`,
        'x-session': `Bearer ${old}`,
      },
      times: 1,
    });
    const answer = await c.http.get<{ headers: Headers }>('/income-report/file/2024.pdf', {
      responseType: 'blob',
    });
    const headers = Object.fromEntries(answer.headers);
    expect(headers['x-session']).toBe('Bearer [redacted]');
    expect(headers['content-disposition']).toBe('attachment; filename="report-[redacted].pdf"');
    expect(holding(headers, old)).toEqual([]);
  });

  it('an error answer echoing a text without the token is left as it is', async () => {
    const c = await signedIn();
    await refresh(c);
    ctx.server.faults.add({ path: '/auth/user-profile', status: 500, body: { message: 'busy' }, times: 1 });
    const error = await failure(c.auth.getUserProfile());
    expect((error as { body?: unknown }).body).toEqual({ message: 'busy' });
  });

  it('after several refreshes, any earlier token is scrubbed', async () => {
    const c = await signedIn();
    const earlier = [await refresh(c), await refresh(c), await refresh(c)];
    ctx.server.faults.add({ path: '/auth/user-profile', status: 422, body: { tokens: earlier }, times: 1 });
    const error = await failure(c.auth.getUserProfile());
    for (const t of earlier) expect(holding(error, t)).toEqual([]);
  });

  it('a token another tab stored (adopted), then replaced, is scrubbed from later answers', async () => {
    const c = await signedIn();
    // Another tab refreshed: the shared store now holds its token, which this client then uses.
    const adopted = ctx.server.issueToken(ctx.server.seed.plain.id);
    c.store.token = adopted;
    await c.auth.getUserProfile();
    await refresh(c);
    ctx.server.faults.add({ path: '/auth/user-profile', status: 500, body: echoesOf(adopted), times: 1 });
    expect(holding(await failure(c.auth.getUserProfile()), adopted)).toEqual([]);
  });

  it('a token its caller holds but never sent here (`onHold`: what the session writes) is scrubbed too', async () => {
    let hold: (token: string) => void = () => expect.unreachable('onHold was not called');
    const store: { token: string | null } = { token: null };
    const http = createOfetchAdapter({
      baseURL: ctx.server.url,
      getAccessToken: () => store.token,
      retry: 0,
      onHold: (add: typeof hold) => {
        hold = add;
      },
    } as Parameters<typeof createOfetchAdapter>[0]);
    const auth = createAuthModule(http);
    const { email, password } = ctx.server.seed.plain;
    store.token = (await auth.login({ login: email, password })).access_token ?? null;
    // Another tab's token, taken and replaced before any call here carried it.
    const adopted = ctx.server.issueToken(ctx.server.seed.plain.id);
    hold(adopted);
    ctx.server.faults.add({ path: '/auth/user-profile', status: 500, body: echoesOf(adopted), times: 1 });
    expect(holding(await failure(auth.getUserProfile()), adopted)).toEqual([]);
    ctx.server.faults.add({ path: '/auth/user-profile', status: 200, body: echoesOf(adopted), times: 1 });
    expect(holding(await http.get('/auth/user-profile'), adopted)).toEqual([]);
  });

  it('after a sign-out, an answer to a call sent with no token echoing the old ones lets them out nowhere', async () => {
    const c = await signedIn();
    const first = await refresh(c);
    const last = c.store.token!;
    await c.auth.logout({ accessToken: last });
    c.store.token = null;
    ctx.server.faults.add({
      path: '/auth/login',
      status: 401,
      body: { message: `session ${last} ended`, previous: first },
      times: 1,
    });
    const { email } = ctx.server.seed.plain;
    const error = await failure(c.auth.login({ login: email, password: 'wrong-password-1' }));
    expect(ctx.server.requests.at(-1)?.headers.authorization).toBeUndefined();
    expect(holding(error, last)).toEqual([]);
    expect(holding(error, first)).toEqual([]);
  });
});

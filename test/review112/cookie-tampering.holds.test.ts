// Review 112 (probe 2, held): tampered session cookies against `pam-client/server` in front of the
// reference server (real sockets). Each forged cookie must read as signed out (`GET /pam/session`
// says `signedOut`, an authed read answers 401) and no call reaching the API carries a token the
// forged cookie named. Tried: truncated, a byte flipped, its `*`-separated parts re-ordered, replayed
// after its sign-out (and after a refresh rotated it), sealed with another secret under the same
// id and under an unknown id, 100 kB long, many cookies of the same name, the name in another case.
import { defaults, seal } from 'iron-webcrypto';
import { describe, expect, it } from 'vitest';
import type { PamServer } from '../../src/server/index';
import { Browser, openCookie, runningClock, SECRETS, usePamPerTest } from '../server/harness';

const clock = runningClock();
const { ref, pam } = usePamPerTest(clock);
const NAME = '__Host-pam-session';
const READ = '/pam/bff/users/address-by-user';

async function signedIn(url: string, account: 'plain' | 'paused' = 'plain') {
  const b = new Browser(url, NAME);
  const { email, password } = ref.server.seed[account];
  expect((await b.login(email, password)).status).toBe(200);
  return b;
}

/** What a raw Cookie header gets: the session's status and an authed read's status. */
// (Through `handle` itself: node:http refuses a Cookie header past 16 kB before the proxy sees it.)
let current: PamServer;
async function withHeader(url: string, cookie: string) {
  const headers = { cookie, 'x-pam-client': '1' };
  const s = (await current.handle(new Request(`${url}/pam/session`, { headers })))!;
  const session = (await s.json()) as { status: string };
  const r = (await current.handle(new Request(`${url}${READ}`, { headers })))!;
  await r.text();
  return { status: session.status, read: r.status };
}

const authsTo = (token: string) =>
  ref.server.requests.filter((r) => (r.headers.authorization ?? '').includes(token)).length;

describe('review 112: forged or stale session cookies fail closed', () => {
  it('truncated, a byte flipped, parts re-ordered, 100 kB: signed out, nothing forwarded', async () => {
    const { served, pam: p } = await pam();
    current = p;
    const b = await signedIn(served.url);
    const good = b.cookie!;
    const { token } = await openCookie(good);
    const before = authsTo(token);
    const parts = good.split('*');
    const flipped = good.slice(0, 60) + (good[60] === 'A' ? 'B' : 'A') + good.slice(61);
    const swapped = [...parts];
    [swapped[4], swapped[6]] = [swapped[6]!, swapped[4]!];
    const forged = [good.slice(0, good.length - 5), flipped, swapped.join('*'), good + 'x'.repeat(100_000)];
    for (const f of forged) {
      const got = await withHeader(served.url, `${NAME}=${f}`);
      expect(got).toEqual({ status: 'signedOut', read: 401 });
    }
    expect(authsTo(token)).toBe(before);
    // The genuine one still works after all that.
    expect((await withHeader(served.url, `${NAME}=${good}`)).read).toBe(200);
  });

  it('sealed with another secret under the same id, or under an unknown id: signed out', async () => {
    const { served, pam: p } = await pam();
    current = p;
    const b = await signedIn(served.url);
    const data = await openCookie(b.cookie!);
    const before = authsTo(data.token);
    const crypto = globalThis.crypto as unknown as Parameters<typeof seal>[0];
    const other = 'another-secret-of-at-least-32-characters!!';
    for (const id of ['k1', 'k2', '__proto__', 'constructor']) {
      const forged = await seal(crypto, { ...data, seenAt: clock.now }, { id, secret: other }, defaults);
      expect(await withHeader(served.url, `${NAME}=${forged}`)).toEqual({ status: 'signedOut', read: 401 });
    }
    expect(authsTo(data.token)).toBe(before);
    // Sanity: the harness's own secret seals a cookie the server opens.
    const mine = await seal(
      crypto,
      { ...data, seenAt: clock.now },
      { id: 'k1', secret: SECRETS[0]!.secret },
      defaults,
    );
    expect((await withHeader(served.url, `${NAME}=${mine}`)).read).toBe(200);
  });

  it('replayed after sign-out (and its pre-refresh copy): signed out, the token never sent again', async () => {
    const { served, pam: p } = await pam({ refreshAfterMs: 60_000 });
    current = p;
    const b = await signedIn(served.url);
    const first = b.cookie!;
    clock.now += 61_000;
    expect((await b.call('GET', READ)).status).toBe(200); // refreshed: a new cookie
    const second = b.cookie!;
    expect(second).not.toBe(first);
    const tokens = [(await openCookie(first)).token, (await openCookie(second)).token];
    expect((await b.call('POST', '/pam/auth/logout')).status).toBeLessThan(300);
    const before = tokens.map(authsTo);
    for (const c of [first, second]) {
      expect(await withHeader(served.url, `${NAME}=${c}`)).toEqual({ status: 'signedOut', read: 401 });
    }
    expect(tokens.map(authsTo)).toEqual(before);
  });

  it('many cookies of the same name, a forged one first, or the name in another case: not signed in', async () => {
    const { served, pam: p } = await pam();
    current = p;
    const b = await signedIn(served.url);
    const good = b.cookie!;
    expect(await withHeader(served.url, `${NAME}=forged; ${NAME}=${good}`)).toEqual({
      status: 'signedOut',
      read: 401,
    });
    expect(await withHeader(served.url, `${NAME.toLowerCase()}=${good}`)).toEqual({
      status: 'signedOut',
      read: 401,
    });
    expect(await withHeader(served.url, `pam-session=${good}`)).toEqual({ status: 'signedOut', read: 401 });
    const many = Array.from({ length: 200 }, () => `${NAME}=x`).join('; ');
    expect(await withHeader(served.url, many)).toEqual({ status: 'signedOut', read: 401 });
  });

  it("another player's cookie cannot write to this player's id (the proxy refuses, nothing sent)", async () => {
    const { served, pam: p } = await pam();
    current = p;
    const other = await signedIn(served.url, 'paused');
    const mine = ref.server.seed.plain.id;
    const before = ref.server.requests.length;
    const r = await other.call('PATCH', `/pam/bff/users/${mine}`, { name: 'Hijack' });
    expect([403, 404, 405]).toContain(r.status);
    expect(ref.server.requests.length).toBe(before);
  });
});

// Review 57 (against 349d0658), sign-out.ts `logout`: the re-mark as a clearing answer leaves
// (`void parts.lineages.end(lineage, until, by, +n)`) overwrites whatever mark is there, with THIS
// try's number. Try 1, slowed by its revokes, answers (to a browser that gave up on it long ago)
// after try 3 already answered the logout done and marked `<id> 3`: the mark goes back to `<id> 1`
// and its time moves on. Try 2 (sent at once after try 1's `network`, its connection cut after the
// request left, held on the wire) arriving now is again "a later try of the logout" (2 > 1): 204
// and Max-Age=0, deleting the cookie of the login the player made since (no cookie: a lineage of its
// own), whose token stays live at the API. One instance, no store.
import { describe, expect, it } from 'vitest';
import { Browser, openCookie, type TestClock, usePamPerTest } from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

describe("a slow first try's late answer, then a held second try", () => {
  it('leaves the login made since signed in', async () => {
    let holdNext = false;
    let hold: Promise<void> | undefined;
    let reached!: () => void;
    const revoking = new Promise<void>((r) => {
      reached = r;
    });
    const fx = await pam({
      timeoutMs: 120_000,
      fetch: async (input, init) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (holdNext && new URL(url).pathname.endsWith('/auth/logout')) {
          holdNext = false; // only try 1's first revoke is slow
          reached();
          await hold;
        }
        return fetch(input, init);
      },
    });
    const b = new Browser(fx.served.url);
    const { email, password } = ref.server.seed.plain;
    expect((await b.login(email, password)).status).toBe(200);
    const c1 = b.cookie!;
    const { loginId } = await openCookie(c1);
    const tryHeaders = (n: number) => ({
      'x-pam-client': '1',
      'x-pam-login': loginId,
      'x-pam-logout': `logout-0123456789abcdef.${n}`,
    });
    let release!: () => void;
    hold = new Promise<void>((r) => {
      release = r;
    });
    holdNext = true;
    // Try 1 (a connection the browser gives up on: its own jar, never the player's).
    const gaveUp = new Browser(fx.served.url);
    gaveUp.cookie = c1;
    const try1 = gaveUp.call('POST', '/pam/auth/logout', undefined, tryHeaders(1));
    await revoking;
    // Try 1 times out at the client (15 s); try 2 is sent and held on the wire; try 3 lands.
    clock.now += 16_000;
    const try3 = await b.call('POST', '/pam/auth/logout', undefined, tryHeaders(3));
    expect(try3.status).toBe(204);
    expect(b.cookie).toBeNull();
    // The player signs in again (no cookie: a lineage of its own).
    clock.now += 2_000;
    expect((await b.login(email, password)).status).toBe(200);
    const c2 = b.cookie!;
    const { token: t2 } = await openCookie(c2);
    // Try 1's revokes end 50 s after it began; its answer leaves (to nobody).
    clock.now += 32_000;
    release();
    expect((await try1).status).toBe(204);
    // Try 2, held on the wire, reaches the proxy now (carrying C1, as sent).
    clock.now += 1_000;
    const try2 = await b.call('POST', '/pam/auth/logout', undefined, {
      ...tryHeaders(2),
      cookie: `__Host-pam-session=${c1}`,
    });
    const api = await fetch(`${ref.server.url}/auth/user-profile`, {
      headers: { authorization: `Bearer ${t2}`, accept: 'application/json' },
    });
    // Fails on 349d0658 with { try2: 204, kept: false, t2LiveAtApi: true } (C2 deleted, its token live).
    expect({ try2: try2.status, kept: b.cookie === c2, t2LiveAtApi: api.status === 200 }).toEqual({
      try2: 401,
      kept: true,
      t2LiveAtApi: true,
    });
  });
});

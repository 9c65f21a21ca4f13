// Review 57 (against 349d0658), sign-in.ts `sealLogin`, rule 2: every login sent with the cookie of a
// lineage ended `IN_FLIGHT_MS` before starts a lineage of ITS OWN (its own loginId). Two logins sent
// together with the kept ended cookie C1 (a double-clicked "Entrar", two tabs coming back after the
// logout's lost answer) become two unrelated lineages; the browser keeps the cookie of the answer it
// read last. Its logout ends that lineage only: the other login's token, made in the same browser,
// stays live at the API after the 204 (no cookie holds it, no logout can reach it). Within one
// lineage (C1's lineage not ended) both logins join it and the logout ends both.
import { describe, expect, it } from 'vitest';
import { IN_FLIGHT_MS } from '../../src/server/store';
import { Browser, openCookie, type TestClock, usePamPerTest } from '../server/harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

const live = async (url: string, token: string) =>
  (
    await fetch(`${url}/auth/user-profile`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    })
  ).status === 200;

describe('two logins sent together with a kept ended cookie, then a logout', () => {
  it('control: with a live C1 (lineage not ended), the logout leaves neither live', () => scenario(false));
  it('the logout leaves neither login live at the API', () => scenario(true));
});

async function scenario(endedFirst: boolean): Promise<void> {
  {
    const fx = await pam();
    const b = new Browser(fx.served.url);
    const { email, password } = ref.server.seed.plain;
    expect((await b.login(email, password)).status).toBe(200);
    const c1 = b.cookie!;
    const { loginId } = await openCookie(c1);
    // The logout's answer lost: the jar keeps C1.
    if (endedFirst) {
      const lost = new Browser(fx.served.url);
      lost.cookie = c1;
      expect(
        (
          await lost.call('POST', '/pam/auth/logout', undefined, {
            'x-pam-client': '1',
            'x-pam-login': loginId,
            'x-pam-logout': 'logout-0123456789abcdef.1',
          })
        ).status,
      ).toBe(204);
    }
    clock.now += IN_FLIGHT_MS + 30_000;
    // Two logins sent together with C1; the jar keeps the answer read last.
    const [first, second] = await Promise.all([b.login(email, password), b.login(email, password)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const cookies = [first, second].map(
      (r) => /__Host-pam-session=([^;]*)/.exec(r.headers.getSetCookie().join('\n'))![1]!,
    );
    const tokens = await Promise.all(cookies.map(async (c) => (await openCookie(c)).token));
    const { loginId: held } = await openCookie(b.cookie!);
    const out = await b.call('POST', '/pam/auth/logout', undefined, {
      'x-pam-client': '1',
      'x-pam-login': held,
    });
    expect(out.status).toBe(204);
    expect(b.cookie).toBeNull();
    const liveAfter = await Promise.all(tokens.map((t) => live(ref.server.url, t)));
    // Fails on 349d0658: one of the two is still live ([false, true] or [true, false]).
    expect(liveAfter).toEqual([false, false]);
  }
}

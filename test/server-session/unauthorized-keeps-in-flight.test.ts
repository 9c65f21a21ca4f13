// REVIEW-25 R25-3: a 401 (AL-3: the server asked first, `restoring.confirming`) of a read sent
// under the ended login L1 and answered after the tab moved to L2 made the tab leave its login: the
// same login read again was a fresh signedIn, its profile flow new, every change in flight it held
// (its own and those heard) dropped: free to bet while another tab's pause was on its way. The
// changes held are now kept for the login when it is left, and given back when it is held again.
// Over real sockets (a hostile API behind pam-client/server), two tabs on a fake channel.
import type { ServerResponse } from 'node:http';
import { expect, it } from 'vitest';
import { fullInfo, json, latch, loginOk, startHostile, user } from '../server/hostile';
import { turns, until } from '../support/event-loop';
import { hostileTabs } from './hostile-tabs';

it('a late 401 of an ended login: the login read again keeps the pause in flight heard from another tab', async () => {
  const api = await startHostile();
  const live = new Map<string, number>();
  let issued = 0;
  const [held0, release0] = latch();
  const [held1, release1] = latch();
  const [heldPause, releasePause] = latch();
  let arrived = 0;
  let pauseArrived = false;
  api.handler = async (req, res: ServerResponse) => {
    const token = (req.headers.authorization ?? '').split(' ')[1] ?? '';
    const url = req.url ?? '';
    if (url.startsWith('/auth/login')) {
      const t = `TOKEN-${++issued}-abcdefgh`;
      live.set(t, 1);
      return json(res, 200, loginOk({ user: user({ id: 1, token: t }) }, t));
    }
    if (url.startsWith('/auth/logout')) {
      live.delete(token);
      res.writeHead(204);
      return res.end();
    }
    if (url.includes('login-history')) {
      const n = ++arrived;
      await (n === 1 ? held0 : held1);
      if (!live.has(token)) return json(res, 401, { message: 'Unauthenticated.' });
      return json(res, 200, { data: [], current_page: 1, last_page: 1 });
    }
    if (!live.has(token)) return json(res, 401, { message: 'Unauthenticated.' });
    if (url.includes('timeout-limits')) {
      pauseArrived = true;
      await heldPause;
      return json(res, 503, { message: 'down' });
    }
    if (url.startsWith('/auth/user-profile'))
      return json(res, 200, {
        user: user({ id: 1, token }),
        userInfo: { ...loginOk().userInfo, ...fullInfo() },
      });
    json(res, 404, {});
  };
  const { site, profile, tabs } = await hostileTabs(api);
  const log: string[] = [];
  try {
    await Promise.all(tabs.map((t) => t.ready));
    tabs[0]!.login({ login: 'p@example.com', password: 'Secret123!' });
    await until(
      () => tabs.every((t) => t.view.status === 'signedIn' && t.view.restrictions?.checkedAt != null),
      'L1',
    );
    const c0 = tabs[0]!.user.getLoginHistory(1).catch((e: { name: string }) => e.name);
    await until(() => arrived === 1, 'call 0 at the API');
    const c1 = tabs[1]!.user.getLoginHistory(1).catch((e: { name: string }) => e.name);
    await until(() => arrived === 2, 'call 1 at the API');
    // The same browser signs in again outside the channel: L2 (same player).
    const again = await profile.fetch('/pam/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-pam-client': '1' },
      body: JSON.stringify({ login: 'p@example.com', password: 'Secret123!' }),
    });
    expect(again.status).toBe(200);
    release0();
    expect(await c0).toBe('UnauthorizedError');
    const l2 = () =>
      tabs.every((t) => t.view.status === 'signedIn' && t.view.restrictions?.checkedAt != null);
    await until(l2, () => JSON.stringify(tabs.map((t) => t.view.status)));
    // Tab 0 pauses the player (L2); held at the API: in flight.
    const pause = (tabs[0]!.user as unknown as { setTimeoutLimits(p: object): Promise<unknown> })
      .setTimeoutLimits({ user_pause: 7, reason: 1, password_check: 'Secret123!' })
      .catch((e: { name: string }) => e.name);
    await until(() => pauseArrived, 'the pause at the API');
    await until(
      () => tabs.every((t) => t.view.restrictions?.canBet === false),
      'both tabs barred by the pause in flight',
    );
    tabs[1]!.subscribe((v) => log.push(`${v.status}/${v.restrictions?.canBet}`));
    // Tab 1's old call (sent under L1) answers 401 now.
    release1();
    expect(await c1).toBe('UnauthorizedError');
    await until(
      () =>
        tabs[1]!.view.status === 'signedIn' &&
        tabs[1]!.view.restrictions?.checkedAt != null &&
        log.length > 1,
      'tab 1 settled',
    );
    await turns(50);
    expect(log).not.toContain('signedIn/true');
    releasePause();
    await pause;
  } finally {
    for (const t of tabs) t.stop();
    release0();
    release1();
    releasePause();
    await site.close();
    await api.close();
  }
  // (Seconds on a quiet machine; past 60 s beside a CI run and two other jobs: time out late.)
}, 240_000);

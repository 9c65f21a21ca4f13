// REVIEW-25 R25-5: one forged `signedIn` (another login id) makes a tab read the session again
// (AK-2: `signedIn.rereading`). A read that did not say (the player's profile unreadable upstream:
// a 503) made the tab forget its login, its profile flow and the pause in flight it had heard, and
// aborted the sender's own call. The word proved nothing: the login now stays held.
// Over real sockets (a hostile API behind pam-client/server), two tabs on a fake channel.
import type { ServerResponse } from 'node:http';
import { expect, it } from 'vitest';
import { fullInfo, json, latch, loginOk, startHostile, user } from '../server/hostile';
import { turns, until } from '../support/event-loop';
import { forged } from './forged-support';
import { hostileTabs } from './hostile-tabs';

it('a forged signedIn, then a session read that does not say: the login and the pause in flight kept, the call not aborted', async () => {
  const api = await startHostile();
  const [heldPause, releasePause] = latch();
  let pauseArrived = false;
  let failNext = 0;
  api.handler = async (req, res: ServerResponse) => {
    const url = req.url ?? '';
    if (url.startsWith('/auth/login')) return json(res, 200, loginOk({ user: user({ id: 1 }) }));
    if (url.includes('timeout-limits')) {
      pauseArrived = true;
      await heldPause;
      return json(res, 503, { message: 'down' });
    }
    if (url.startsWith('/auth/user-profile')) {
      if (failNext > 0) {
        failNext--;
        return json(res, 503, { message: 'down' });
      }
      return json(res, 200, { user: user({ id: 1 }), userInfo: { ...loginOk().userInfo, ...fullInfo() } });
    }
    json(res, 404, {});
  };
  const { site, hub, tabs } = await hostileTabs(api);
  const script = hub.channel();
  const log: string[] = [];
  try {
    await Promise.all(tabs.map((t) => t.ready));
    tabs[0]!.login({ login: 'p@example.com', password: 'Secret123!' });
    await until(
      () => tabs.every((t) => t.view.status === 'signedIn' && t.view.restrictions?.checkedAt != null),
      'signed in',
    );
    const pause = (tabs[0]!.user as unknown as { setTimeoutLimits(p: object): Promise<unknown> })
      .setTimeoutLimits({ user_pause: 7, reason: 1, password_check: 'Secret123!' })
      .catch((e: { name: string }) => e.name);
    await until(() => pauseArrived, 'the pause at the API');
    await until(() => tabs.every((t) => t.view.restrictions?.canBet === false), 'both barred');
    for (const [i, t] of tabs.entries())
      t.subscribe((v) => {
        log.push(`tab${i}:${v.status}/${v.restrictions?.canBet}`);
      });
    failNext = 2;
    script.postMessage(forged({ type: 'signedIn', loginId: 'forged-login' }));
    await until(() => failNext === 0, 'both tabs read the session again, unsaid');
    await turns(50);
    expect(log.filter((l) => l.endsWith('signedIn/true') || !l.includes('signedIn'))).toEqual([]);
    expect(await Promise.race([pause, turns(5).then(() => 'pending')])).toBe('pending');
    releasePause();
    await pause;
  } finally {
    for (const t of tabs) t.stop();
    releasePause();
    await site.close();
    await api.close();
  }
}, 30_000);

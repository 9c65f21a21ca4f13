// The server-session client counts no play time (no play-time flow: docs/server.md), so it cannot
// know when a time limit is reached. A player whose active time limit allows no time at all (0 minutes)
// was shown `canBet: true`, and so was one whose active time limit names no amount or no period (the
// limit in force cannot be known): the browser client (`createPamClient`, `withPlayTimeFlow`) bars
// both. Now its view bars them too, as that view does: a limit of 0 is reached in any period
// (`timeLimitReached`), an active limit it cannot read is play time not known (`playTimeUnknown`);
// the server render (`getSession(...).restrictions`) never says `canBet` for either. Over real
// sockets: the reference server and a hostile API behind `pam-client/server`.

import { describe, expect, it } from 'vitest';
import { createServerSessionClient, type ServerSessionClientBase } from '../../machines/index';
import { Browser } from '../server/harness';
import { fullInfo, json, loginOk, pamFor, useHostile, user } from '../server/hostile';
import { until } from '../support/event-loop';
import { serveHandler } from '../support/serve-handler';
import { browserProfile, runningClock, usePam } from './support';

const clock = runningClock();
const { ref, fx } = usePam(clock);
const hostile = useHostile();

function started(url: string, track: ServerSessionClientBase[]) {
  const profile = browserProfile(url);
  const client = createServerSessionClient({ fetch: profile.fetch, environment: { channel: null } });
  track.push(client);
  return { client, profile };
}

const settled = (c: ServerSessionClientBase) => c.view.restrictions?.status === 'current';

describe('a time limit of 0 minutes: no betting (reference server)', () => {
  it('the view bars it (timeLimitReached), the server render too', async () => {
    const clients: ServerSessionClientBase[] = [];
    const { timeLimit } = ref.server.seed;
    try {
      // The player sets a time limit of 0 a day (stricter: at once).
      const other = new Browser(fx.served.url);
      expect((await other.login(timeLimit.email, timeLimit.password)).status).toBe(200);
      const set = await other.call('PATCH', '/pam/bff/users/update-limits', {
        user_limit_time: 0,
        user_limit_time_active: 1,
        user_limit_time_period: 'daily',
      });
      expect(set.status).toBe(200);
      const { client, profile } = started(fx.served.url, clients);
      await client.ready;
      client.login({ login: timeLimit.email, password: timeLimit.password });
      await until(() => settled(client), 'the restrictions read');
      expect(client.view.status).toBe('signedIn');
      expect(client.view.restrictions?.limits.time).toMatchObject({ amount: 0, active: true });
      expect(client.view.restrictions).toMatchObject({ canBet: false, timeLimitReached: true });
      expect(client.view.restrictions?.playTimeUnknown).toBeUndefined();
      const page = await fx.pam.getSession(
        new Request(`${fx.served.url}/`, {
          headers: { cookie: [...profile.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
        }),
      );
      expect(page.restrictions).toMatchObject({ status: 'current', canBet: false });
    } finally {
      for (const c of clients) c.stop();
      ref.server.reset();
    }
  });
});

describe('an active time limit the client cannot read (hostile API): no betting', () => {
  /** A server-session client signed in against a hostile API whose profile holds `info`. */
  async function signedInWith(
    info: Record<string, unknown>,
    clients: ServerSessionClientBase[],
    ready: (c: ServerSessionClientBase) => boolean = settled,
  ) {
    const api = await hostile.api();
    api.handler = (req, res) => {
      if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
      if (req.url?.startsWith('/auth/user-profile'))
        return json(res, 200, { user: user(), userInfo: { ...loginOk().userInfo, ...info } });
      json(res, 404, {});
    };
    const pam = pamFor(api, { cookie: { secure: false } });
    const served = await serveHandler((request, context) => pam.handle(request, context));
    const { client, profile } = started(served.url, clients);
    await client.ready;
    client.login({ login: 'p@example.com', password: 'Secret123!' });
    await until(
      () => ready(client),
      () => JSON.stringify(client.view.restrictions),
    );
    const cookie = [...profile.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const page = await pam.getSession(new Request(`${served.url}/`, { headers: { cookie } }));
    return { client, page, close: () => served.close() };
  }

  it.each([
    [
      'no amount',
      { user_limit_time: null, user_limit_time_active: 1, user_limit_time_period: 'daily' },
      'unknown',
    ],
    [
      'no period',
      { user_limit_time: 60, user_limit_time_active: 1, user_limit_time_period: null },
      'unreadable',
    ],
    [
      '0 and no period',
      { user_limit_time: 0, user_limit_time_active: 1, user_limit_time_period: null },
      'unreadable',
    ],
    [
      '0 weekly',
      { user_limit_time: 0, user_limit_time_active: 1, user_limit_time_period: 'weekly' },
      'reached',
    ],
  ] as const)('%s: canBet false', async (_, over, why) => {
    const clients: ServerSessionClientBase[] = [];
    // (`unknown` with the period named: REVIEW-R R-7, an active limit with no period is unreadable.)
    const { client, page, close } = await signedInWith(fullInfo(over), clients, (c) =>
      why === 'unreadable'
        ? c.view.restrictions?.status === 'unknown' &&
          !!c.view.restrictions.unreadable?.includes('user_limit_time_period') &&
          c.view.restrictions.limits.time.amount === over.user_limit_time
        : settled(c),
    );
    try {
      expect(client.view.status).toBe('signedIn');
      // An active limit with no period (REVIEW-R R-7) is unreadable: the whole read is `unknown`.
      const status = why === 'unreadable' ? 'unknown' : 'current';
      expect(client.view.restrictions).toMatchObject(
        why === 'reached'
          ? { status, canBet: false, timeLimitReached: true }
          : { status, canBet: false, ...(why === 'unknown' && { playTimeUnknown: true }) },
      );
      expect(page.restrictions).toMatchObject({ status, canBet: false });
    } finally {
      for (const c of clients) c.stop();
      await close();
    }
  });

  it('an inactive limit of 0, or none: as held (free to bet)', async () => {
    for (const over of [
      { user_limit_time: 0, user_limit_time_active: 0, user_limit_time_period: 'daily' },
      { user_limit_time: 600, user_limit_time_active: 1, user_limit_time_period: 'monthly' },
    ]) {
      const clients: ServerSessionClientBase[] = [];
      const { client, page, close } = await signedInWith(fullInfo(over), clients);
      try {
        expect(client.view.restrictions).toMatchObject({ status: 'current', canBet: true });
        expect(page.restrictions).toMatchObject({ status: 'current', canBet: true });
      } finally {
        for (const c of clients) c.stop();
        await close();
      }
    }
  });
});

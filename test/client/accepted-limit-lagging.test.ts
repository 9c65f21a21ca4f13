import { afterEach, describe, expect, it } from 'vitest';
import { createPamClient, type PamClient } from '../../machines/index';
import { createReferenceFetch } from '../../src/testing/index';
import { until } from '../support/event-loop';
import { NO_TIME_LIMIT, profileRewritingFetch } from '../support/profile-rewriting-fetch';

// R-2 through createPamClient: `updateLimits` with a stricter time limit answered 200, the profile
// read after it served by a lagging replica (the old profile: no time limit). The client showed
// `canBet: true` with no time limit, `status: 'current'`, and read nothing more that day. Now the
// limit sent is kept as sent: the lagging read is taken with it (the play time runs against it at
// once), and the flow reads again until a read shows it.

const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

describe('a stricter time limit accepted, its re-read lagging (R-2)', () => {
  it('is not dropped: the lagging read is taken with it, the play time runs against it, the flow reads again', async () => {
    const kit = createReferenceFetch();
    let lagging = 0;
    let reads = 0;
    const fetch = profileRewritingFetch(kit, (u) => {
      reads++;
      if (lagging <= 0) return;
      lagging--;
      Object.assign(u, NO_TIME_LIMIT);
    });
    const c = createPamClient({ baseURL: kit.baseURL, fetch, environment: { channel: null } });
    clients.push(c);
    c.login({ login: kit.seed.plain.email, password: kit.seed.plain.password });
    await until(() => c.view.restrictions?.status === 'current', 'signed in, read');
    expect(c.view.restrictions?.canBet).toBe(true);
    lagging = 1;
    const before = reads;
    await c.user.updateLimits({
      user_limit_time: 1,
      user_limit_time_active: 1,
      user_limit_time_period: 'daily',
    });
    await until(() => reads > before && lagging === 0, 'the lagging read');
    const applied = () => {
      expect(c.view.restrictions?.limits.time).toMatchObject({ active: true, amount: 1, period: 'daily' });
      expect(c.view.playTime?.limitMs).toBe(60_000);
    };
    applied();
    await until(() => reads > before + 1, 'read again');
    applied();
  });
});

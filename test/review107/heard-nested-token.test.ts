// REVIEW107 defect (Part A, e68c3bd8): `readHeard` reads another tab's profile `userInfo` with the
// answer's own reader, whose limit and exclusion fields are `kept` as sent when unreadable
// (src/schemas/readers/core.ts `kept` -> `asSent`): an object value is kept whole, so a token nested
// in it (`user_pause_at: { access_token }`) reaches `client.view.userInfo`, the snapshot and every
// subscriber. The login answer's userInfo passes `withoutTokens` (machines/login/request.ts:197);
// neither a heard profile nor the tab's own profile read does (machines/session/profile-read.ts:122).
import { sessionActorOf } from 'pam-client/devtools';
import { describe, expect, it } from 'vitest';
import { readHeard } from '../../src/schemas/readers/auth';
import { FakeChannelHub, hostile, ids, signIn, tabOn } from '../review105/harness';
import { turns, until } from '../support/event-loop';
import { profileRewritingFetch } from '../support/profile-rewriting-fetch';
import { useReferenceServer } from '../support/server';

const ctx = useReferenceServer();

describe('readHeard keeps no token nested in a field kept as sent', () => {
  // (The rule is the session's, at the one place it takes a profile from any source (`took`,
  // machines/session/profile-take.ts: `withoutTokens`), not `readHeard`'s: a field kept as sent stays
  // as the server sent it for the reader, as the zod schema keeps it.)
  it("another tab's profile with a token nested in a kept field never reaches the view", async () => {
    const hub = new FakeChannelHub();
    const a = tabOn(ctx, hub, 'A');
    await signIn(a, ctx.server.seed.plain);
    const seenLeak: string[] = [];
    a.subscribe((v) => {
      if (JSON.stringify(v).includes('LEAKED')) seenLeak.push(String(v.status));
    });
    const { userId, sid } = ids(a);
    const held = a.view.restrictions!.checkedAt!;
    for (const at of [held, held + 500]) {
      hostile(hub).post({
        type: 'profile',
        userInfo: {
          ...a.view.userInfo,
          user_limit_deposit_period: { access_token: 'LEAKED-ACCESS-TOKEN', refresh_token: 'LEAKED-R' },
          user_pause_at: { token: 'LEAKED-TOKEN' },
        },
        at,
        userId,
        sid,
      });
      await turns(40);
    }
    await until(() => a.view.status === 'signedIn', 'still signed in');
    const seen = JSON.stringify(a.view) + JSON.stringify(sessionActorOf(a).getSnapshot().context);
    expect(seenLeak).toEqual([]);
    expect(seen).not.toContain('LEAKED');
  });
});

describe("the tab's own profile read keeps no token nested in a field kept as sent", () => {
  it('a profile answer with a token inside an unreadable limit field never reaches the view', async () => {
    const hub = new FakeChannelHub();
    const fetch = profileRewritingFetch(globalThis.fetch, (u) => {
      u.user_limit_deposit_period = { access_token: 'LEAKED-OWN-READ' };
    });
    const a = tabOn(ctx, hub, 'A', { fetch });
    await until(() => a.view.status === 'signedOut', 'signed out');
    const who = ctx.server.seed.plain;
    a.login({ login: who.email, password: who.password });
    await until(
      () => ctx.server.requests.some((r) => r.path === '/auth/user-profile'),
      'the profile was read',
    );
    await turns(200);
    const seen = JSON.stringify(a.view) + JSON.stringify(sessionActorOf(a).getSnapshot().context);
    expect(seen).not.toContain('LEAKED');
  });
});

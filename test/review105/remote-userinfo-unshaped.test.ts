// REVIEW105 defect: a `profile` message from another tab (an older or newer pam-client, or a script
// on the origin) is taken into the view as sent: its `userInfo` passes only the channel's size and
// prototype-key check (machines/cross-tab-schema.ts `data`), never the profile schema the tab's own
// read passes (src/schemas/auth.ts `UserProfileInfo`, a z.object that keeps the spec's fields
// only). So keys the view must never hold (a token, a password, a 2FA code, the consent docs/session.md
// says is never read back) reach `client.view.userInfo`, the session's snapshot and every subscriber,
// while the restrictions stay `current` (nothing it carries lifts anything, so it is "taken").
import { sessionActorOf } from 'pam-client/devtools';
import { describe, expect, it } from 'vitest';
import { turns, until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';
import { FakeChannelHub, hostile, ids, signIn, tabOn } from './harness';

const ctx = useReferenceServer();

describe("another tab's profile message is shaped as the tab's own read is", () => {
  it('keys outside the spec (a token, a password, a code, consent) never reach the view or the snapshot', async () => {
    const hub = new FakeChannelHub();
    const a = tabOn(ctx, hub, 'A');
    await signIn(a, ctx.server.seed.plain);
    const own = a.view.userInfo;
    expect(own).not.toHaveProperty('mkt_accepted'); // the own read keeps the spec's fields only
    const { userId, sid } = ids(a);
    // Stamped as an honest tab's read would be (at or after the read held, within the clock's bound).
    const held = a.view.restrictions!.checkedAt!;
    for (const at of [held, held + 500, Date.now()]) {
      hostile(hub).post({
        type: 'profile',
        userInfo: {
          ...own,
          access_token: 'LEAKED-ACCESS-TOKEN',
          password: 'hunter2-LEAKED',
          two_factor_code: '123456-LEAKED',
          mkt_accepted: true,
        },
        at,
        userId,
        sid,
      });
      await turns(40);
    }
    await until(() => a.view.status === 'signedIn', 'still signed in');
    const seen = JSON.stringify(a.view) + JSON.stringify(sessionActorOf(a).getSnapshot().context);
    expect(seen).not.toContain('LEAKED');
    expect(a.view.userInfo).not.toHaveProperty('mkt_accepted');
  });
});

describe("another tab's session message is shaped as the tab's own read is", () => {
  it('a login heard with a user carrying a password and a code never shows them (not even until the first read)', async () => {
    const hub = new FakeChannelHub();
    const a = tabOn(ctx, hub, 'A');
    await until(() => a.view.status === 'signedOut', 'signed out');
    const leaked: string[] = [];
    a.subscribe((v) => {
      const text = JSON.stringify(v);
      if (text.includes('LEAKED')) leaked.push(v.status);
    });
    const who = ctx.server.seed.plain;
    hostile(hub).post({
      type: 'session',
      reason: 'login',
      session: {
        accessToken: ctx.server.issueToken(who.id),
        tokenType: 'Bearer',
        expiresAt: null,
        savedAt: Date.now(),
        userId: who.id,
        seq: 1,
        sid: 12345,
      },
      user: { id: who.id, email: who.email, password: 'hunter2-LEAKED', two_factor_code: '123456-LEAKED' },
    });
    await until(
      () => a.view.restrictions?.status === 'current',
      () => `${a.view.status}`,
    );
    expect(leaked).toEqual([]);
  });
});

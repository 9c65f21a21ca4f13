// REVIEW93: a read of contact or account data (getAddress, getSocialAccounts) that answers a
// credential under its own key (`access_token`, `token`, `refresh_token`) hands it to the app as
// data: the session's live access token inside the player's address record, which apps cache,
// log and render. The same token in any other field is scrubbed (`[redacted]`), so the adapter
// knows it; only the key exempts it. The server-session proxy drops every `*token` key
// (src/server/strip.ts `stripTokens`); the core client does not.
// Root cause: src/http/exchange.ts `readResponse`: `scrub.deep(parsed, TOKEN_KEYS, true)` keeps the
// credential keys of every 2xx answer ("a refresh may legitimately answer with the token it was
// sent"), not only of the auth answers that grant one; src/schemas/readers/user.ts
// `UserAddressRun`, `SocialAccountsRun` (loose: every other key kept).
import { describe, expect, it } from 'vitest';
import { signedIn, useReferenceServer } from '../support/server';

const ctx = useReferenceServer();

describe('the session token answered under a credential key of a data read never reaches the app', () => {
  it('getAddress: { access_token } beside the address', async () => {
    const { user, token } = signedIn(ctx.server);
    ctx.server.faults.add({
      path: '/bff/users/address-by-user',
      status: 200,
      body: { street: 'Rua Augusta, 1500', access_token: token, refresh_token: token },
    });
    const address = await user.getAddress();
    // Control: the same token in free text is scrubbed.
    expect(address.street).toBe('Rua Augusta, 1500');
    expect(JSON.stringify(address)).not.toContain(token);
  });

  it('getSocialAccounts: { token } in a linked account', async () => {
    const { user, token } = signedIn(ctx.server);
    ctx.server.faults.add({
      path: '/bff/users/account-social',
      status: 200,
      body: [{ id: 1, provider: 'google', token }],
    });
    const accounts = await user.getSocialAccounts();
    expect(accounts).toHaveLength(1);
    expect(JSON.stringify(accounts)).not.toContain(token);
  });
});

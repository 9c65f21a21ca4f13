// Review 156 (1): a relay that echoes a token in a 2xx answer of a user call. The browser client
// refuses a login answer or a seed carrying a `*token` key (auth.ts `signedInAnswer`, seed.ts
// `parseSeed`: "the client never holds a token"), and an error body's token keys are redacted
// (src/http/exchange.ts `errorBody`); but a relayed 2xx (`client.user.getAddress()`, `client.http`)
// is handed to the app with the token as sent: in server-session mode the adapter knows no token
// value to scrub (createPamClient's adapter scrubs its own token from every 2xx).

import { describe, expect, it } from 'vitest';
import { userModule } from '../../machines/index';
import type { UserModule } from '../../src/index';
import { answeredUserInfo } from '../support/answered-user-info';
import { send, USER, useBff, useClients } from './bff';

const bffOf = useBff();
const clientOf = useClients();
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.LEAKEDTOKEN0123456789';
const ADDRESS = {
  street: 'Rua A',
  number: '1',
  city: 'SP',
  state: 'SP',
  zip_code: '01000-000',
  neighborhood: 'C',
  complement: null,
};

async function signedInClient() {
  const bff = await bffOf();
  const now = Date.now();
  bff.handler = (q, res) => {
    if (q.path.startsWith('/pam/session'))
      return send(res, 200, {
        status: 'signedIn',
        user: USER,
        userInfo: answeredUserInfo(),
        readAt: now,
        loginId: 'login-9',
        expiresAt: now + 3_600_000,
      });
    if (q.path.startsWith('/pam/auth/user-profile'))
      return send(res, 200, { user: USER, userInfo: answeredUserInfo() });
    if (q.path.includes('address'))
      return send(res, 200, { ...ADDRESS, access_token: TOKEN, meta: { refresh_token: TOKEN } });
    send(res, 404, {});
  };
  const { client } = clientOf(bff.url, { flows: [userModule()] });
  await client.ready;
  return client as typeof client & { user: UserModule };
}

describe('review156: a token echoed in a relayed 2xx', () => {
  it('client.user.getAddress(): the answer handed to the app holds no token', async () => {
    const client = await signedInClient();
    const got = await client.user.getAddress();
    expect(JSON.stringify(got)).not.toContain(TOKEN);
  });

  it('client.http.get: the answer handed to the app holds no token', async () => {
    const client = await signedInClient();
    const got = await client.http.get('/bff/users/address-by-user');
    expect(JSON.stringify(got)).not.toContain(TOKEN);
  });
});

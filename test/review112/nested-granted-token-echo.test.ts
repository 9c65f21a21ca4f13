// Review 112 (probe 3): a token an answer GRANTS under a token-named key that is not one of the
// exact top-level names (`access_token`, `refresh_token`, `token`, `user.token`) is dropped with its
// key by `stripTokens`, but never hunted: its echo elsewhere in the same answer (a `message`, a
// profile field) reaches the browser as the API wrote it. Review 99 fixed only the top level
// (`authSecretsOf`, src/server/strip.ts). Common JWT API shapes: Laravel's `{ data: { access_token } }`,
// camelCase `accessToken`, `{ auth: { refresh_token } }`. Real sockets: a hostile API.
import { describe, expect, it } from 'vitest';
import { serializeSeed } from '../../src/server/inline';
import { APP, fullInfo, json, loginOk, pamFor, signIn, useHostile, user } from '../server/hostile';

const hostile = useHostile();
const NEW = 'NEW-TOKEN-zyxwvutsrq987654321';

const SHAPES: Record<string, Record<string, unknown>> = {
  'data.access_token': { data: { access_token: NEW }, message: `Changed. Your new session is ${NEW}` },
  accessToken: { accessToken: NEW, message: `Changed. Your new session is ${NEW}` },
  'auth.refresh_token': { auth: { refresh_token: NEW }, message: `refresh with ${NEW}` },
  'data[0].token': { data: [{ token: NEW }], note: NEW },
};

async function through(path: string, method: string, upstream: Record<string, unknown>, body?: unknown) {
  const api = await hostile.api();
  api.handler = (req, res) => {
    if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
    if (req.url === '/auth/logout') return json(res, 204, '');
    return json(res, 200, upstream);
  };
  const pam = pamFor(api, { origin: APP });
  const cookie = await signIn(pam);
  const answer = (await pam.handle(
    new Request(`${APP}${path}`, {
      method,
      headers: { cookie, 'x-pam-client': '1', ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    }),
  ))!;
  return { status: answer.status, text: await answer.text() };
}

describe('review 112: a token granted under a nested or camelCase key, echoed elsewhere', () => {
  for (const [shape, upstream] of Object.entries(SHAPES)) {
    it(`change-password answering ${shape}: the echo is not passed on`, async () => {
      const { text } = await through('/pam/users/change-password/1', 'POST', upstream, {
        old_password: 'Old12345!',
        password: 'New12345!',
        password_confirmation: 'New12345!',
      });
      expect(text).not.toContain(NEW);
    });
  }

  it('the profile read answering user.name = a nested data.access_token: not passed on', async () => {
    const { status, text } = await through('/pam/auth/user-profile', 'GET', {
      user: user({ name: NEW }),
      userInfo: { ...(loginOk().userInfo as object), ...fullInfo() },
      data: { access_token: NEW },
    });
    expect(status).toBe(200);
    expect(text).not.toContain(NEW);
  });
});

describe('review 112: the same echo in the server-rendered seed', () => {
  it('getSession: a profile answering data.access_token and user.name = it: not in the seed', async () => {
    const api = await hostile.api();
    api.handler = (req, res) => {
      if (req.url === '/auth/login') return json(res, 200, loginOk());
      if (req.url?.startsWith('/auth/user-profile'))
        return json(res, 200, {
          user: user({ name: NEW }),
          userInfo: { ...(loginOk().userInfo as object), ...fullInfo() },
          data: { access_token: NEW },
        });
      return json(res, 404, {});
    };
    const pam = pamFor(api);
    const cookie = await signIn(pam);
    const { initial } = await pam.getSession(new Request(`${APP}/`, { headers: { cookie } }));
    expect(initial.status).toBe('signedIn');
    expect(serializeSeed(initial)).not.toContain(NEW);
  });
});

describe('review 112 (the fix): many long token-named values cannot be hunted', () => {
  it('3,000 of them, each echoed: the fixed 502, none passed on', async () => {
    const many: Record<string, unknown> = {};
    for (let i = 0; i < 3000; i++) many[`k${i}_token`] = `${NEW}-${i}`;
    const { status, text } = await through(
      '/pam/users/change-password/1',
      'POST',
      {
        ...many,
        message: Object.values(many).join(' '),
      },
      { old_password: 'Old12345!', password: 'New12345!', password_confirmation: 'New12345!' },
    );
    expect(status).toBe(502);
    expect(text).not.toContain(NEW);
  });
});

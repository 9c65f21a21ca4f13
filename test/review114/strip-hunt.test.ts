// Review 114: breaking review 112's `authSecretsOf` (src/server/strip.ts): every string under a key
// ending in "token" is hunted in the whole answer. Real sockets, a hostile API (test/server/hostile).
import { describe, expect, it } from 'vitest';
import { APP, fullInfo, json, logIn, loginOk, pamFor, signIn, useHostile, user } from '../server/hostile';

const hostile = useHostile();
const NEW = 'NEW-TOKEN-zyxwvutsrq987654321';

async function through(path: string, method: string, upstream: unknown, body?: unknown) {
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

const CHANGE = {
  old_password: 'Old12345!',
  password: 'New12345!',
  password_confirmation: 'New12345!',
};

describe('review 114 (DEFECT): a value dropped with its token-named key but not hunted', () => {
  // stripTokens drops the key whatever its value; the walk hunts only a string value.
  const SHAPES: Record<string, Record<string, unknown>> = {
    'data.access_token = [token]': { data: { access_token: [NEW] }, message: `Your session: ${NEW}` },
    'auth.refresh_token = { value }': { auth: { refresh_token: { value: NEW } }, message: `Use ${NEW}` },
    'accessToken = [[token]]': { accessToken: [[NEW]], note: NEW },
  };
  for (const [shape, upstream] of Object.entries(SHAPES))
    it(`change-password answering ${shape}: its echo is not passed on`, async () => {
      const { text } = await through('/pam/users/change-password/1', 'POST', upstream, CHANGE);
      expect(text).not.toContain(NEW);
    });
});

describe('review 114 (DEFECT): legitimate answers refused since every token-named value is hunted', () => {
  it("a login whose user has a push_token of the player's own words (a space): signed in", async () => {
    const api = await hostile.api();
    api.handler = (req, res) => {
      if (req.url === '/auth/logout') return json(res, 204, '');
      return json(res, 200, loginOk({ user: user({ push_token: 'my phone at home' }) }));
    };
    const answer = await logIn(pamFor(api));
    await answer.text();
    expect(answer.status).toBe(200);
  });

  it('a profile read whose user has a push_token with a space: 200, the player shown', async () => {
    const { status } = await through('/pam/auth/user-profile', 'GET', {
      user: user({ push_token: 'my phone at home' }),
      userInfo: { ...(loginOk().userInfo as object), ...fullInfo() },
    });
    expect(status).toBe(200);
  });

  it('a profile read listing 8 devices, each with its push_token: 200, not the fixed 502', async () => {
    const devices = Array.from({ length: 8 }, (_, i) => ({
      name: `device ${i}`,
      push_token: `ExponentPushToken[${String(i).repeat(22)}]`,
    }));
    const { status } = await through('/pam/auth/user-profile', 'GET', {
      user: user({ devices }),
      userInfo: { ...(loginOk().userInfo as object), ...fullInfo() },
    });
    expect(status).toBe(200);
  });
});

describe('review 114 (probes): spellings of a token-named key, hunted', () => {
  const SHAPES: Record<string, Record<string, unknown>> = {
    Token: { data: { Token: NEW }, message: NEW },
    'ACCESS-TOKEN': { 'ACCESS-TOKEN': NEW, message: NEW },
    'id_token in arrays of arrays': { data: [[{ id_token: NEW }]], message: NEW },
    'a URL-encoded echo': {
      data: { reset_token: NEW },
      link: `https://x.example/?t=${encodeURIComponent(NEW)}`,
    },
  };
  for (const [shape, upstream] of Object.entries(SHAPES))
    it(`${shape}: never passed on`, async () => {
      const { text } = await through('/pam/users/change-password/1', 'POST', upstream, CHANGE);
      expect(text).not.toContain(NEW);
    });

  // (After the fix: values of other token-named keys are hunted verbatim, apart from the session's
  // own secrets, so nine of them are answered, each echo redacted; 65 are refused.)
  it('9 distinct token-named values: answered, none passed on', async () => {
    const many: Record<string, unknown> = {};
    for (let i = 0; i < 9; i++) many[`k${i}_token`] = `${NEW}-${i}`;
    const { status, text } = await through(
      '/pam/users/change-password/1',
      'POST',
      {
        ...many,
        message: Object.values(many).join(' '),
      },
      CHANGE,
    );
    expect(status).toBe(200);
    expect(text).not.toContain(NEW);
    expect(text).toContain('[redacted]');
  });

  it('65 distinct token-named values: the fixed 502, none passed on', async () => {
    const many: Record<string, unknown> = {};
    for (let i = 0; i < 65; i++) many[`k${i}_token`] = `${NEW}-${i}`;
    const { status, text } = await through(
      '/pam/users/change-password/1',
      'POST',
      {
        ...many,
        message: Object.values(many).join(' '),
      },
      CHANGE,
    );
    expect(status).toBe(502);
    expect(text).not.toContain(NEW);
  });
});

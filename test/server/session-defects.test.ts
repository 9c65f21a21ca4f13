// The session's token values never leave the server, in any form the core's scrubber knows
// (review D2); a profile of another player is never the session's (D6); a cancelled account is
// never signed in free to bet (D4/D5, server part).

import { describe, expect, it } from 'vitest';
import { accountStanding } from '../../src/responsible-gaming/standing';
import {
  cookieOf,
  fullInfo,
  json,
  logIn,
  loginOk,
  pamFor,
  request,
  signIn,
  TOKEN,
  useHostile,
  user,
} from './hostile';

const hostile = useHostile();
const REFRESH = 'REFRESH-zyxwvuts98765';

/** Every form of `secret` these tests echo, none of which may reach the browser. */
const forms = (secret: string) => [
  secret,
  encodeURIComponent(secret),
  [...secret].map((c) => `%${c.charCodeAt(0).toString(16)}`).join(''),
  [...secret].map((c) => `&#${c.charCodeAt(0)};`).join(''),
];

describe("the session's token values are scrubbed from every answer (D2)", () => {
  it('an error that echoes the token (as sent, percent- or entity-encoded) reaches the browser redacted', async () => {
    const api = await hostile.api();
    api.handler = (req, res) => {
      if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
      const auth = req.headers.authorization ?? '';
      return json(res, 422, {
        message: `token ${auth} rejected`,
        errors: { debug: forms(TOKEN) }, // a key that spells it: refused (scrub-regressions.test.ts)
      });
    };
    const pam = pamFor(api);
    const cookie = await signIn(pam);
    const answer = (await pam.handle(
      request('/pam/bff/users/update-limits', { method: 'PATCH', cookie, body: { user_limit_deposit: 10 } }),
    ))!;
    const text = await answer.text();
    expect(answer.status).toBe(422);
    for (const form of forms(TOKEN)) expect(text).not.toContain(form);
    expect(JSON.parse(text).message).toBe('token bearer [redacted] rejected');
  });

  it('a 2xx answer that holds the token under another key, or inside a value, reaches the browser redacted', async () => {
    const api = await hostile.api();
    api.handler = (req, res) => {
      if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
      const bearer = (req.headers.authorization ?? '').split(' ')[1];
      return json(res, 200, [
        { provider: 'google', credential: bearer, nested: { bearer: `Bearer ${bearer}` } },
        // A short value under a token key is dropped with its key, and rewrites no data elsewhere.
        { page_token: '2', id: 2, label: 'v2' },
      ]);
    };
    const pam = pamFor(api);
    const cookie = await signIn(pam);
    const answer = (await pam.handle(request('/pam/bff/users/account-social', { cookie })))!;
    const text = await answer.text();
    expect(answer.status).toBe(200);
    expect(text).not.toContain(TOKEN);
    expect(JSON.parse(text)).toEqual([
      { provider: 'google', credential: '[redacted]', nested: { bearer: 'Bearer [redacted]' } },
      { id: 2, label: 'v2' },
    ]);
  });

  it('a login answer that echoes its access or refresh token elsewhere: neither reaches the browser', async () => {
    const api = await hostile.api();
    api.handler = (_req, res) =>
      json(
        res,
        200,
        loginOk({ refresh_token: REFRESH, user: user({ name: `Bearer ${TOKEN}`, username: REFRESH }) }),
      );
    const pam = pamFor(api);
    const answer = await logIn(pam);
    const text = await answer.text();
    expect(answer.status).toBe(200);
    expect(cookieOf(answer)).not.toBe('');
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(REFRESH);
  });

  it("the seed (GET /pam/session, getSession's initial and player) holds no token value", async () => {
    const api = await hostile.api();
    api.handler = (req, res) => {
      if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
      return json(res, 200, {
        user: user({ session_id: TOKEN, note: `key ${forms(TOKEN)[2]}` }),
        userInfo: fullInfo({ sid: TOKEN }),
      });
    };
    const pam = pamFor(api);
    const cookie = await signIn(pam);
    const seed = (await pam.handle(request('/pam/session', { cookie })))!;
    const text = await seed.text();
    expect(JSON.parse(text).status).toBe('signedIn');
    expect(text).not.toContain(TOKEN);
    const view = await pam.getSession(request('/', { cookie }));
    expect(view.initial.status).toBe('signedIn');
    expect(JSON.stringify(view)).not.toContain(TOKEN);
    expect(view.player).toMatchObject({ id: 1, session_id: '[redacted]', note: 'key [redacted]' });
  });
});

describe("a profile of another player is never the session's (D6)", () => {
  it('getSession and GET /pam/session: signed out, cookie cleared, no data of the other player', async () => {
    let id: unknown = 1;
    const api = await hostile.api();
    api.handler = (req, res) => {
      if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
      return json(res, 200, { user: user({ id, email: 'other@example.com' }), userInfo: fullInfo() });
    };
    const pam = pamFor(api);
    const cookie = await signIn(pam);
    const seedLines: string[][] = [];
    for (const other of [2, undefined, null]) {
      id = other;
      const view = await pam.getSession(request('/', { cookie }));
      expect(view.initial).toMatchObject({ status: 'signedOut', user: null, userInfo: null });
      expect(view.player).toBeNull();
      expect(view.restrictions).toBeNull();
      // (A page's render clears no cookie (review 76): the client's read below does, once.)
      expect(view.headers.getSetCookie()).toEqual([]);
      const seed = (await pam.handle(request('/pam/session', { cookie })))!;
      seedLines.push(seed.headers.getSetCookie());
      const text = await seed.text();
      expect(JSON.parse(text).status).toBe('signedOut');
      expect(text).not.toContain('other@example.com');
    }
    // The first read clears; the others, its answer still on the wire, clear nothing (review 76).
    expect(seedLines[0]![0]).toMatch(/Max-Age=0/);
    expect(seedLines.slice(1)).toEqual([[], []]);
    id = 1;
    expect((await pam.getSession(request('/', { cookie }))).initial.status).toBe('signedIn');
  });

  it('a completed login without the player id seals no session', async () => {
    const api = await hostile.api();
    api.handler = (_req, res) => json(res, 200, loginOk({ user: user({ id: undefined }) }));
    const pam = pamFor(api);
    const answer = await logIn(pam);
    expect(answer.status).toBe(502);
    expect(cookieOf(answer)).toBe('');
    expect(await answer.text()).not.toContain(TOKEN);
  });
});

describe('a cancelled account is never signed in free to bet (D4/D5)', () => {
  it('accountStanding: only false is open; true is cancelled; anything else is unknown (barred)', () => {
    expect(accountStanding({ cancelled_account: false })).toBe('open');
    expect(accountStanding({ cancelled_account: true })).toBe('cancelled');
    for (const v of [null, undefined, 1, 0, 'yes', 'true', 'false', {}]) {
      expect(accountStanding({ cancelled_account: v })).toBe('unknown');
    }
    expect(accountStanding({})).toBe('unknown');
    expect(accountStanding(null)).toBe('unknown');
    for (const user of [undefined, 'cancelled_account', 1, []]) expect(accountStanding(user)).toBe('unknown');
  });

  it('a login whose player says cancelled_account (no type): the cancelled outcome, no cookie, the token revoked', async () => {
    for (const flag of [true, 1, 'true']) {
      const api = await hostile.api();
      api.handler = (req, res) => {
        if (req.url?.startsWith('/auth/logout')) return json(res, 204, '');
        return json(res, 200, loginOk({ user: user({ cancelled_account: flag, is_active: false }) }));
      };
      const pam = pamFor(api);
      const answer = await logIn(pam);
      const text = await answer.text();
      expect(answer.status).toBe(200);
      expect(JSON.parse(text)).toEqual({
        type: 'cancelled_account',
        message: 'This account has been cancelled.',
      });
      expect(cookieOf(answer)).toBe('');
      expect(text).not.toContain(TOKEN);
      expect(api.requests.map((r) => [r.url, r.authorization])).toEqual([
        ['/auth/login', ''],
        ['/auth/logout', `bearer ${TOKEN}`],
      ]);
    }
  });

  it('getSession with a profile now saying cancelled, or an unreadable flag: canBet false', async () => {
    let flag: unknown = false;
    const api = await hostile.api();
    api.handler = (req, res) => {
      if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
      return json(res, 200, { user: user({ cancelled_account: flag }), userInfo: fullInfo() });
    };
    const pam = pamFor(api);
    const cookie = await signIn(pam);
    expect((await pam.getSession(request('/', { cookie }))).restrictions).toMatchObject({
      status: 'current',
      canBet: true,
    });
    flag = true;
    expect((await pam.getSession(request('/', { cookie }))).restrictions).toMatchObject({
      status: 'current',
      canBet: false,
      accountBlocked: true,
    });
    for (const unreadable of ['yes', 1, null, undefined]) {
      flag = unreadable;
      expect((await pam.getSession(request('/', { cookie }))).restrictions).toMatchObject({
        status: 'unknown',
        canBet: false,
        accountBlocked: true,
      });
    }
  });
});

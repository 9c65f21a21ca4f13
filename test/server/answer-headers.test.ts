// No header value of the API reaches the browser as the API wrote it (review5 D1): `Date` and
// `Retry-After` are read and written again by the proxy (an HTTP date as `toUTCString`,
// Retry-After as delta-seconds of at most a day); anything unreadable is dropped, and no other
// header of the API is passed on. An API that echoes the bearer in a header hands it to nobody.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as core from '../../src/http/waiting';
import * as server from '../../src/server/http-date';
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
const DATE = 'Sun, 29 Nov 2026 10:00:00 GMT';

/** Every header of `answer` but the proxy's own cookie line, as `name: value` lines. */
const headerText = (answer: Response) =>
  [...answer.headers]
    .filter(([name]) => name !== 'set-cookie')
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');

/** Headers an API could send that echo the token. */
const echoing = (token: string) => ({
  date: token,
  'retry-after': token,
  'x-debug': token,
  link: `<https://x.example/${token}>`,
  'www-authenticate': `Bearer ${token}`,
});

describe('headers of the API that reach the browser (D1)', () => {
  it('a relayed answer, a 401 relay, the profile and the login carry no header value the API wrote', async () => {
    const api = await hostile.api();
    let status = 429;
    api.handler = (req, res) => {
      const bearer = (req.headers.authorization ?? '').split(' ')[1] ?? TOKEN;
      if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk(), echoing(TOKEN));
      if (req.url?.startsWith('/auth/user-profile'))
        return json(
          res,
          200,
          { user: user(), userInfo: { ...loginOk().userInfo, ...fullInfo() } },
          echoing(bearer),
        );
      return json(res, status, { message: 'slow down' }, echoing(bearer));
    };
    const pam = pamFor(api);
    const login = await logIn(pam);
    expect(login.status).toBe(200);
    const cookie = cookieOf(login);
    const relayed = (await pam.handle(request('/pam/bff/users/account-social', { cookie })))!;
    const profile = (await pam.handle(request('/pam/auth/user-profile?check_spa_again=1', { cookie })))!;
    status = 401;
    const unauthorized = (await pam.handle(request('/pam/bff/users/account-social', { cookie })))!;
    expect([relayed.status, profile.status, unauthorized.status]).toEqual([429, 200, 401]);
    for (const answer of [login, relayed, profile, unauthorized]) {
      const text = headerText(answer);
      expect(text).not.toContain(TOKEN);
      expect(answer.headers.get('date')).toBeNull();
      expect(answer.headers.get('retry-after')).toBeNull();
      expect(answer.headers.get('x-debug')).toBeNull();
      expect(answer.headers.get('link')).toBeNull();
      expect(answer.headers.get('www-authenticate')).toBeNull();
    }
    await Promise.all([login, relayed, profile, unauthorized].map((a) => a.text()));
  });

  it('Date and Retry-After pass only as the proxy writes them: any header value in, a closed form out', async () => {
    const api = await hostile.api();
    let headers: Record<string, string> = {};
    api.handler = (req, res) => {
      if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
      return json(res, 429, { message: 'slow down' }, headers);
    };
    const pam = pamFor(api, { now: () => Date.parse(DATE) });
    const cookie = await signIn(pam);
    // Header values Node will send: visible ASCII and spaces, no leading or trailing space.
    const value = fc
      .oneof(
        fc.string({ unit: fc.constantFrom(...' 0123456789abcGMTMon,:-'.split('')), maxLength: 40 }),
        fc.string({
          unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
          maxLength: 40,
        }),
        fc.nat().map(String),
        fc.bigInt({ min: 0n, max: 10n ** 30n }).map(String),
        fc.date({ noInvalidDate: true }).map((d) => d.toUTCString()),
        fc.integer({ min: -120, max: 120 }).map((s) => new Date(Date.parse(DATE) + s * 1000).toUTCString()),
        fc.constant(`Mon, ${TOKEN} GMT`),
        fc.constant(TOKEN),
      )
      .map((v) => v.trim())
      .filter((v) => v !== '');
    await fc.assert(
      fc.asyncProperty(value, value, async (date, retryAfter) => {
        headers = { date, 'retry-after': retryAfter };
        const answer = (await pam.handle(request('/pam/bff/users/account-social', { cookie })))!;
        await answer.text();
        // A Date is one the proxy wrote (the same instant, as toUTCString) and only when it agrees
        // with the app server's clock (review6: a skewed Date would teach the page's clock);
        // a Retry-After is delta-seconds of at most a day, written by the proxy.
        const read = core.parseHttpDate(date);
        const agreed = read !== undefined && Math.abs(read - Date.parse(DATE)) <= 60_000;
        expect(answer.headers.get('date')).toBe(agreed ? new Date(read).toUTCString() : null);
        // (A Retry-After date counts from the API's Date when one reads, else the app server's clock.)
        const wait = core.parseRetryAfter(retryAfter, read ?? Date.parse(DATE));
        expect(answer.headers.get('retry-after')).toBe(
          wait === undefined ? null : String(Math.min(wait, 86_400)),
        );
        expect(headerText(answer)).not.toContain(TOKEN);
      }),
      { numRuns: 120 },
    );
  });

  it('a readable Date and Retry-After still reach the browser (its one clock and its wait)', async () => {
    const api = await hostile.api();
    api.handler = (req, res) => {
      if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
      if (req.url?.includes('account-social'))
        return json(res, 429, { message: 'slow down' }, { date: DATE, 'retry-after': '120' });
      return json(
        res,
        503,
        { message: 'later' },
        { date: 'Sunday, 29-Nov-26 10:00:00 GMT', 'retry-after': 'Sun, 29 Nov 2026 10:05:00 GMT' },
      );
    };
    const pam = pamFor(api, { now: () => Date.parse(DATE) });
    const cookie = await signIn(pam);
    const a = (await pam.handle(request('/pam/bff/users/account-social', { cookie })))!;
    const b = (await pam.handle(request('/pam/bff/users/address-by-user', { cookie })))!;
    await Promise.all([a.text(), b.text()]);
    expect([a.headers.get('date'), a.headers.get('retry-after')]).toEqual([DATE, '120']);
    expect([b.headers.get('date'), b.headers.get('retry-after')]).toEqual([DATE, '300']);
    expect(a.headers.get('content-type')).toBe('application/json');
  });

  it("a Retry-After date is passed as the seconds from the API's own Date (its clock), not the app server's", async () => {
    const api = await hostile.api();
    let headers: Record<string, string> = {};
    api.handler = (req, res) => {
      if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
      return json(res, 429, { message: 'slow down' }, headers);
    };
    const pam = pamFor(api, { now: () => Date.parse(DATE) });
    const cookie = await signIn(pam);
    // The API's clock off the app server's by up to two days either way; the wait it asks 0 s to 1 h.
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: -172_800, max: 172_800 }),
        fc.integer({ min: 0, max: 3_600 }),
        async (skewS, waitS) => {
          const apiNow = Date.parse(DATE) + skewS * 1000;
          headers = {
            date: new Date(apiNow).toUTCString(),
            'retry-after': new Date(apiNow + waitS * 1000).toUTCString(),
          };
          const answer = (await pam.handle(request('/pam/bff/users/account-social', { cookie })))!;
          await answer.text();
          expect(answer.headers.get('retry-after')).toBe(String(waitS));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('a Date off the app server clock by more than a minute never reaches the page (its one clock would learn it)', async () => {
    const api = await hostile.api();
    let skew = 6 * 86_400_000;
    api.handler = (req, res) => {
      if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
      const date = new Date(Date.parse(DATE) + skew).toUTCString();
      return json(res, 200, { user: user(), userInfo: { ...loginOk().userInfo, ...fullInfo() } }, { date });
    };
    const pam = pamFor(api, { now: () => Date.parse(DATE) });
    const cookie = await signIn(pam);
    const seen: (string | null)[] = [];
    for (const s of [6 * 86_400_000, -3 * 86_400_000, 61_000, 59_000, 0]) {
      skew = s;
      const answer = (await pam.handle(request('/pam/auth/user-profile', { cookie })))!;
      await answer.text();
      seen.push(answer.headers.get('date'));
    }
    const at = (s: number) => new Date(Date.parse(DATE) + s).toUTCString();
    expect(seen).toEqual([null, null, null, at(59_000), at(0)]);
  });

  it("the server's HTTP-date reader reads as the core's one (kept in step: src/server/http-date.ts)", () => {
    const text = fc.oneof(
      fc.string({
        unit: fc.constantFrom(...' 0123456789,:-+GMTUTCZMonSunWedNovOct'.split('')),
        maxLength: 40,
      }),
      fc.date({ noInvalidDate: true }).map((d) => d.toUTCString()),
      fc.date({ noInvalidDate: true }).map((d) => d.toUTCString().replace(' GMT', '')),
      fc.nat().map(String),
    );
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 4_000_000_000_000 }), (value, now) => {
        expect(server.parseHttpDate(value)).toBe(core.parseHttpDate(value));
        expect(server.parseRetryAfter(value, now)).toBe(core.parseRetryAfter(value, now));
      }),
      { numRuns: 500 },
    );
  });
});

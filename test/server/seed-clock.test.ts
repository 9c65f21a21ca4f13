// The server render judges restrictions at the app server's own clock, never at the API's `Date`
// (review5 D2): a `Date` ahead, behind, unreadable or absurd cannot end a pause or a
// self-exclusion early. The API's `Date` is a check only: within MAX_SKEW of the server's clock
// (or absent) the read is current; outside it, or unreadable, the restrictions are `unknown` and
// `canBet` is false (the two clocks disagree: nothing is judged at a foreign time).

import type { ServerResponse } from 'node:http';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cookieOf, fullInfo, json, logIn, loginOk, pamFor, useHostile, user } from './hostile';

const hostile = useHostile();
const NOW = Date.parse('2026-11-28T15:00:00Z');
const DAY = 86_400_000;
const MAX_SKEW = 60_000;
/** A São Paulo wall time (UTC-3), as the API writes restriction dates. */
const sp = (ms: number) => new Date(ms - 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

type DateHeader = { kind: 'none' } | { kind: 'text'; value: string } | { kind: 'at'; offset: number };

const dateHeader: fc.Arbitrary<DateHeader> = fc.oneof(
  fc.constant({ kind: 'none' as const }),
  fc
    .integer({ min: -MAX_SKEW + 2_000, max: MAX_SKEW - 2_000 })
    .map((offset) => ({ kind: 'at' as const, offset })),
  fc
    .oneof(
      fc.integer({ min: MAX_SKEW + 2_000, max: 400 * DAY }),
      fc.constantFrom(6 * DAY, 365 * DAY, 3 * DAY, NOW - 1_000),
    )
    .chain((d) => fc.constantFrom(d, -d))
    .map((offset) => ({ kind: 'at' as const, offset })),
  fc
    .constantFrom('1', '0', 'soon', '2026-11-28', `${NOW}`, 'Sat, 28 Nov 2026 25:99:00 GMT')
    .map((value) => ({ kind: 'text' as const, value })),
);

/** A restriction with its start and end as offsets from NOW (minutes away from it, never on it). */
type Restriction =
  | { kind: 'none' }
  | { kind: 'pause'; from: number; to: number }
  | { kind: 'exclusion'; from: number };

const minutes = (min: number, max: number) => fc.integer({ min, max }).map((m) => m * 60_000);
const restriction: fc.Arbitrary<Restriction> = fc.oneof(
  fc.constant({ kind: 'none' as const }),
  fc
    .tuple(minutes(-30 * 1440, -1), minutes(1, 60 * 1440))
    .map(([from, to]) => ({ kind: 'pause' as const, from, to })),
  // Six months from a start 1 to 170 days ago: in force at NOW.
  minutes(-170 * 1440, -1).map((from) => ({ kind: 'exclusion' as const, from })),
);

const infoOf = (r: Restriction): Record<string, unknown> => {
  if (r.kind === 'pause')
    // As many days as its dates span (an end short of its length reads unknown: REVIEW-L 1).
    return {
      user_pause: Math.min(45, Math.floor((r.to - r.from) / DAY) + 1),
      user_pause_at: sp(NOW + r.from),
      user_pause_in: sp(NOW + r.to),
    };
  if (r.kind === 'exclusion') return { user_exclusion: 6, user_exclusion_at: sp(NOW + r.from) };
  return {};
};

function answerProfile(res: ServerResponse, header: DateHeader, r: Restriction) {
  const body = { user: user(), userInfo: { ...loginOk().userInfo, ...fullInfo(infoOf(r)) } };
  if (header.kind === 'none') {
    res.sendDate = false;
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(JSON.stringify(body));
  }
  const date = header.kind === 'text' ? header.value : new Date(NOW + header.offset).toUTCString();
  return json(res, 200, body, { date });
}

describe("getSession's restrictions are judged at the server's clock (D2)", () => {
  it('whatever the API Date, an in-force pause or exclusion never reads canBet; a foreign Date reads unknown', async () => {
    const api = await hostile.api();
    let header: DateHeader = { kind: 'none' };
    let r: Restriction = { kind: 'none' };
    api.handler = (req, res) => {
      if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
      return answerProfile(res, header, r);
    };
    const pam = pamFor(api, { now: () => NOW });
    const login = await logIn(pam);
    await login.text();
    const cookie = cookieOf(login);
    await fc.assert(
      fc.asyncProperty(dateHeader, restriction, async (h, rr) => {
        header = h;
        r = rr;
        const view = await pam.getSession(new Request('https://app.example/', { headers: { cookie } }));
        const restrictions = view.restrictions!;
        const trusted = h.kind === 'none' || (h.kind === 'at' && Math.abs(h.offset) < MAX_SKEW);
        if (rr.kind !== 'none') expect(restrictions.canBet).toBe(false);
        expect(restrictions.checkedAt).toBe(NOW);
        expect(restrictions.status).toBe(trusted ? 'current' : 'unknown');
        if (rr.kind === 'none') expect(restrictions.canBet).toBe(trusted);
        if (rr.kind !== 'none' && trusted) expect(restrictions.inForce.length).toBeGreaterThan(0);
      }),
      { numRuns: 150 },
    );
  });

  it.each([
    ['+6 days', 6 * DAY],
    ['+1 year', 365 * DAY],
    ['-3 days', -3 * DAY],
    ['epoch', -NOW],
  ])(
    'the review case: a pause running at the server clock, API Date %s: not free to bet',
    async (_, offset) => {
      const api = await hostile.api();
      const pause: Restriction = { kind: 'pause', from: -2 * DAY, to: 5 * DAY };
      api.handler = (req, res) => {
        if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
        return answerProfile(res, { kind: 'at', offset }, pause);
      };
      const pam = pamFor(api, { now: () => NOW });
      const login = await logIn(pam);
      await login.text();
      const view = await pam.getSession(
        new Request('https://app.example/', { headers: { cookie: cookieOf(login) } }),
      );
      expect(view.restrictions).toMatchObject({ status: 'unknown', canBet: false, checkedAt: NOW });
    },
  );
});

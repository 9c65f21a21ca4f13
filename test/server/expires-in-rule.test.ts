// The server session reads a login answer's `expires_in` by the core's one rule (`tokenLifeOf`,
// src/schemas/readers/auth.ts; the proxy's answer check applies it before the session is sealed):
// a number read tolerantly (`3600`, `'3600'`) in (0, one year] is the token's life; anything else
// is an unknown life, for which the session assumes 8 h. A pin (the eighteenth pass listed the
// proxy's own `> 0` test as a second rule; it only ever sees what the check read). Over real
// sockets: a hostile API answering each generated `expires_in`.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tokenLifeOf } from '../../src/schemas/readers/auth';
import { json, logIn, loginOk, pamFor, useHostile } from './hostile';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const FAR = 3_153_600_000_000; // 100 years: idle and absolute never bound the cookie here
const hostile = useHostile();

/** Seconds the login's cookie lives (`Max-Age`). */
const maxAgeOf = (answer: Response): number => {
  const line = answer.headers.getSetCookie()[0];
  expect(line).toBeDefined();
  return Number(/Max-Age=(\d+)/.exec(line!)![1]);
};

const EXPIRES_IN = fc.oneof(
  fc.integer({ min: -10, max: 40_000_000 }),
  fc.constantFrom(0, 0.5, 1.5, 3600, 31_536_000, 31_536_001, 1e12, -1),
  fc.integer({ min: 1, max: 100_000 }).map(String),
  fc.constantFrom('3600', ' 60 ', '1e3', 'soon', '', null, true, [], {}),
);

describe("pam-client/server: the login answer's expires_in, by the core's rule", () => {
  it('a token life as `tokenLifeOf` reads it, else 8 h, bounds the session cookie', async () => {
    const api = await hostile.api();
    let next: unknown;
    api.handler = (req, res) => {
      if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk({ expires_in: next }));
      json(res, 404, {});
    };
    const pam = pamFor(api, { now: () => NOW, cookie: { idleMs: FAR, absoluteMs: FAR } });
    await fc.assert(
      fc.asyncProperty(EXPIRES_IN, async (value) => {
        next = value;
        const answer = await logIn(pam);
        expect(answer.status).toBe(200);
        await answer.text();
        const life = tokenLifeOf(value) ?? 28_800;
        expect(maxAgeOf(answer)).toBe(Math.max(1, Math.ceil(life))); // never before the token dies
      }),
      { numRuns: 60 },
    );
  });

  it('examples: a string read as a number, over a year unknown', async () => {
    const api = await hostile.api();
    const ages: number[] = [];
    for (const value of ['3600', 1e12, 31_536_001, 0]) {
      api.handler = (req, res) =>
        req.url?.startsWith('/auth/login')
          ? json(res, 200, loginOk({ expires_in: value }))
          : json(res, 404, {});
      const answer = await logIn(pamFor(api, { now: () => NOW, cookie: { idleMs: FAR, absoluteMs: FAR } }));
      await answer.text();
      ages.push(maxAgeOf(answer));
    }
    expect(ages).toEqual([3600, 28_800, 28_800, 28_800]);
  });
});

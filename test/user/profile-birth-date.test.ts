// REVIEW-N (MED): updateProfile sent any `birth_date` (under 18, today, unreadable, padded,
// 1800-01-01), where registerSimplified refuses them all before sending. A profile update now
// checks it with registration's rule (isAtLeastYearsOld, 18 years on São Paulo's date, a year from
// 1900): `invalid_request` on `birth_date`, nothing sent. Of the other fields registration checks,
// `email` was already checked by updateProfile and updateEmail; `country` (non-empty) is now too.

import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REGISTER_SIMPLIFIED } from '../../src/auth/operations';
import { RequestValidationError } from '../../src/index';
import { parseRequest } from '../../src/schemas/common';
import { UPDATE_PROFILE } from '../../src/user/profile';
import { signedIn, useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
afterEach(() => vi.useRealTimers());

const REFUSED = ['2015-06-01', ' 1990-05-14 ', 'not a date', '1800-01-01', '1899-12-31', '', '1990-02-30'];

/** `updateProfile(id, { birth_date })` over the wire: the error (or null) and the bodies sent. */
async function update(birth_date: string) {
  const { user } = signedIn(ctx.server);
  const error = await user.updateProfile(ctx.server.seed.plain.id, { birth_date }).then(
    () => null,
    (e: unknown) => e,
  );
  return { error, sent: ctx.server.requests.map((r) => r.body) };
}

describe('updateProfile: birth_date checked as registration checks it', () => {
  for (const birth_date of REFUSED) {
    it(`refuses ${JSON.stringify(birth_date)}: invalid_request on birth_date, nothing sent`, async () => {
      const { error, sent } = await update(birth_date);
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).code).toBe('invalid_request');
      expect((error as RequestValidationError).issues.map((i) => i.path.join('.'))).toEqual(['birth_date']);
      expect(sent).toEqual([]);
    });
  }

  it("refuses today's date in São Paulo, nothing sent", async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(Date.now());
    const { error, sent } = await update(today);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(sent).toEqual([]);
  });

  it('sends an adult birth date, and the other fields as before', async () => {
    const { error, sent } = await update('1990-05-14');
    expect(error).toBeNull();
    expect(sent).toEqual([{ birth_date: '1990-05-14' }]);
    const { user } = signedIn(ctx.server);
    await user.updateProfile(ctx.server.seed.plain.id, { first_name: 'Ana' });
    expect(ctx.server.requests.at(-1)!.body).toEqual({ first_name: 'Ana' });
  });
});

// The same class: every other field registration checks, as updateProfile sends it. `email`: the
// same e-mail check already; `country`: registration refuses an empty one (NonEmptyString), so
// does a profile update now. (`number`, the CPF, is no field of a profile update: refused as an
// unknown key; `name`, `phone`, `ddi`: registration checks nothing but their type either.)
describe('updateProfile: the other fields registration checks', () => {
  it('refuses an empty country and an e-mail registration refuses, nothing sent', async () => {
    const { user } = signedIn(ctx.server);
    for (const [body, path] of [
      [{ country: '' }, 'country'],
      [{ email: ' ana@example.com ' }, 'email'],
      [{ number: '52998224725' }, 'number'],
    ] as const) {
      const error = await user.updateProfile(ctx.server.seed.plain.id, body as never).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, JSON.stringify(body)).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).issues.map((i) => i.path.join('.'))).toEqual([path]);
    }
    expect(ctx.server.requests).toEqual([]);
    await user.updateProfile(ctx.server.seed.plain.id, { country: 'BR' });
    expect(ctx.server.requests.map((r) => r.body)).toEqual([{ country: 'BR' }]);
  });
});

/** `YYYY-MM-DD` of `epoch` in São Paulo, by Intl (not the library's own arithmetic). */
const saoPauloDate = (epoch: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(epoch);

/** `date` (`YYYY-MM-DD`) moved by `days`. */
const shifted = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Whether the row refuses `body` on `birth_date` (and only there). */
function refusedOnBirthDate(row: typeof UPDATE_PROFILE.request, body: object): boolean {
  try {
    parseRequest('op', row, body);
    return false;
  } catch (e) {
    expect(e).toBeInstanceOf(RequestValidationError);
    expect((e as RequestValidationError).issues.map((i) => i.path.join('.'))).toEqual(['birth_date']);
    return true;
  }
}

describe('property: around the 18-year boundary on São Paulo dates', () => {
  it('updateProfile sends a birth date exactly when registration would, and when it is 18 years ago or more', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    fc.assert(
      fc.property(
        // Any instant 2000..2090, half of them within 3 hours of São Paulo's midnight (03:00 UTC).
        fc.oneof(
          fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2090, 0, 1) }),
          fc
            .tuple(
              fc.integer({ min: 0, max: 32_800 }),
              fc.integer({ min: -3 * 3_600_000, max: 3 * 3_600_000 }),
            )
            .map(([day, ms]) => Date.UTC(2000, 0, 1, 3) + day * 86_400_000 + ms),
        ),
        fc.integer({ min: -3, max: 3 }),
        fc.constantFrom(0, 1, 5, 90),
        (now, offset, moreYears) => {
          vi.setSystemTime(now);
          const today = saoPauloDate(now);
          // The last birth date 18 years ago (29 February in a common year: the 28th, as the
          // string comparison reads it), and days around it, or around a day years earlier.
          const last = `${Number(today.slice(0, 4)) - 18}${today.slice(4)}`;
          const year = Number(today.slice(0, 4)) - 18 - moreYears;
          const around = `${year}${today.slice(4).replace('02-29', '02-28')}`;
          const birth = shifted(around, offset);
          const adult = birth <= last && Number(birth.slice(0, 4)) >= 1900;
          const body = { birth_date: birth };
          expect(refusedOnBirthDate(UPDATE_PROFILE.request, body)).toBe(!adult);
          const registration = {
            email: 'a@b.co',
            password: 'p',
            country: 'BR',
            nationalities: '["BR"]',
            optIn: true,
            ...body,
          };
          expect(refusedOnBirthDate(REGISTER_SIMPLIFIED.request as never, registration)).toBe(!adult);
        },
      ),
      { numRuns: 1500 },
    );
  });
});

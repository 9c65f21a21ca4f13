// Review 114: review 113's `sentEmail()` (zod, src/schemas/common.ts) against its reader `SentEmail`
// (src/schemas/readers/core.ts): for any e-mail value the same outcome (value, or error and issues),
// in each row that sends one (test/schemas/oracle.ts `same`).
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { REGISTER_SIMPLIFIED } from '../../src/auth/operations';
import { RegisterSimplifiedPayload } from '../../src/schemas/auth';
import { UpdateEmailPayload, UpdateUserPayload } from '../../src/schemas/user';
import { UPDATE_EMAIL, UPDATE_PROFILE } from '../../src/user/profile';
import { type Schema, same } from '../schemas/oracle';

const LONG = `${'a'.repeat(243)}@example.com`; // 255
const EDGE = `${'a'.repeat(242)}@example.com`; // 254
const VALUES: unknown[] = [
  '',
  ' ',
  LONG,
  EDGE,
  'x'.repeat(255),
  'x'.repeat(254),
  `${'\u{1F642}'.repeat(130)}@example.com`,
  [],
  Array(300).fill('a'),
  Array(254).fill('a'),
  { length: 300 },
  { length: 0 },
  { length: -1 },
  { length: Number.NaN },
  { length: '300' },
  { length: Number.POSITIVE_INFINITY },
  { length: 255n },
  Object.create({ length: 300 }),
  42,
  0,
  null,
  true,
  () => {},
  new String(LONG),
];

const ROWS: [string, Schema, Schema, (email: unknown) => object][] = [
  [
    'UpdateEmailPayload',
    UpdateEmailPayload,
    UPDATE_EMAIL.request,
    (email) => ({ email, password_check: 'p', kyc_id: 1 }),
  ],
  ['UpdateUserPayload', UpdateUserPayload, UPDATE_PROFILE.request, (email) => ({ email, city: 'X' })],
  [
    'RegisterSimplifiedPayload',
    RegisterSimplifiedPayload,
    REGISTER_SIMPLIFIED.request,
    (email) => ({ email, password: 'Secret123!', country: 'BR', nationalities: '["BR"]', terms: true }),
  ],
];

describe('review 114: sentEmail (zod) and SentEmail (reader) give the same outcome', () => {
  for (const [name, oracle, row, payload] of ROWS) {
    for (const [i, v] of VALUES.entries())
      it(`${name}: example ${i} (${typeof v === 'string' ? `${v.length} chars` : Object.prototype.toString.call(v)})`, () => {
        same('request', oracle, row, payload(v));
      });

    it(`${name}: generated strings, arrays and length-objects around 254`, () => {
      const around = fc.integer({ min: 0, max: 300 });
      fc.assert(
        fc.property(
          fc.oneof(
            fc.string({ maxLength: 300 }),
            around.map((n) => 'b'.repeat(Math.max(0, n - 12)) + '@example.com'),
            around.map((n) => Array(n).fill('x')),
            fc.oneof(around, fc.double(), fc.string()).map((length) => ({ length })),
            fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(undefined)),
          ),
          (v) => same('request', oracle, row, payload(v)),
        ),
        { numRuns: 300, seed: 114 },
      );
    });
  }
});

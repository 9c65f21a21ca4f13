// Review 124, probe 2 (DEFECT): two fields of the profile update (spec 2.7) are read with no bound
// at all. `affiliation_code` is `optionalString()` (src/schemas/user.ts, and `s` in
// src/schemas/readers/user.ts's UpdateUserRun): a 1 MB code, or one made of NUL, line breaks and
// bidi controls, is SENT and the reference server stores it on the account. Every other text the
// client sends has a bound (contact text: 1..255 visible characters; e-mail 254; secrets 1024).
// `gender` is `z.number()`: 1.5, -7 or 1e308 are sent (the spec's numeric gender is a code; the
// reference server maps it 1 -> M, 2 -> F, else O).
import { describe, expect, it } from 'vitest';
import { useReferenceServer } from '../support/server';
import { refusedUnsent, userOf } from './support';

const ctx = useReferenceServer();
const id = () => ctx.server.seed.plain.id;

describe('review 124: updateProfile sends unbounded text and numbers', () => {
  it.each([
    ['a 1 MB affiliation_code', { affiliation_code: 'a'.repeat(1_000_000) }],
    ['an affiliation_code of control characters', { affiliation_code: '\u0000\r\n\u202e\u0007' }],
    ['an empty affiliation_code', { affiliation_code: '' }],
    ['an affiliation_code with a line break inside', { affiliation_code: 'PROMO\nX-Injected: 1' }],
  ])('updateProfile with %s is refused before sending', async (_n, payload) => {
    expect(await refusedUnsent(ctx, () => userOf(ctx).updateProfile(id(), payload))).toBe(
      'invalid_request/0',
    );
  });

  it.each([
    ['1.5', 1.5],
    ['-7', -7],
    ['1e308', 1e308],
  ])('updateProfile with gender %s is refused before sending', async (_n, gender) => {
    expect(await refusedUnsent(ctx, () => userOf(ctx).updateProfile(id(), { gender }))).toBe(
      'invalid_request/0',
    );
  });
});

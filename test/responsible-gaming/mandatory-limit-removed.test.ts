// REVIEW29A-2 (MED, fail open on a duty): `missingMandatoryLimits` ignores a limit change that
// removes a mandatory limit (Portaria 2.579/2025: loss and time) once its `effective_at` has
// passed. `restrictionsOf` at that moment shows the loss limit inactive (the change applied,
// docs/responsible-gaming.md: "once its effective_at has passed it shows as applied"), yet
// `missingMandatoryLimits` says nothing is missing, so the app never asks for it again. Without a
// time it cannot know whether the change applied; failing closed lists the limit as missing.
import { missingMandatoryLimits, restrictionsOf } from 'pam-client';
import { describe, expect, test } from 'vitest';
import { defaultLimits } from '../../src/testing/seed';

// The spec's defaults (src/testing/seed.ts), every limit set below.
const info: Record<string, unknown> = { ...defaultLimits() };
for (const kind of ['deposit', 'bet', 'loss', 'time']) {
  info[`user_limit_${kind}`] = 100;
  info[`user_limit_${kind}_active`] = 1;
  info[`user_limit_${kind}_period`] = 'daily';
  info[`user_limit_${kind}_change`] = null;
}

describe('REVIEW29A-2: a mandatory limit switched off by a change already due', () => {
  const removed = {
    ...info,
    // The looser change the player asked for (deactivate the loss limit), due since 2025.
    user_limit_loss_change: JSON.stringify({
      amount: 100,
      period: 'daily',
      active: 0,
      effective_at: '2025-01-01 00:00:00',
    }),
  };

  test('restrictionsOf reads the loss limit as no longer active', () => {
    expect(restrictionsOf(removed, Date.UTC(2026, 11, 2, 15)).limits.loss.active).toBe(false);
  });

  test('missingMandatoryLimits lists it (fail closed), as it does an inactive one', () => {
    expect(missingMandatoryLimits({ ...info, user_limit_loss_active: 0 })).toEqual(['loss']);
    expect(missingMandatoryLimits(removed)).toContain('loss');
  });
});

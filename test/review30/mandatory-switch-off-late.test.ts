// REVIEW30 R30-3 (LOW): `missingMandatoryLimits` applies a change that switches a mandatory limit
// off (`user_limit_loss_change: { active: 0, effective_at }`, naive) only from the LATEST instant its
// naive time may mean (+10 h, `latestTimeOf`): right for betting (the stricter limit is kept while
// it may hold), but the wrong way round for "is the mandatory limit set?". For up to 10 hours after
// the server switched the loss limit off (read as São Paulo time, the client's own reading of a
// naive time), the client says it is set and the app never asks for it: a limit the client cannot
// know is set is reported present (fail open). The zoned form of the same instant is listed at once.
// Root cause: src/responsible-gaming/mandatory.ts (judges `limitOf(info, kind, now)`, whose due
// rule, src/responsible-gaming/restrictions.ts `limitOf`, holds a looser change late).

import { missingMandatoryLimits } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { userInfo } from './user-info';

/** The profile with the loss limit's change `change`. */
const lossChange = (change: unknown) => userInfo({ user_limit_loss_change: JSON.stringify(change) });

// 05:00 in São Paulo on 2026-12-10: five hours after midnight.
const NOW = Date.parse('2026-12-10T08:00:00Z');

describe('R30-3: a mandatory limit the server may have switched off is listed missing', () => {
  it('control: the switch-off at 03:00Z (midnight in São Paulo), zoned, is listed at 05:00 BRT', () => {
    expect(
      missingMandatoryLimits(lossChange({ active: 0, effective_at: '2026-12-10T03:00:00Z' }), NOW),
    ).toEqual(['loss']);
  });

  it('the same switch-off written naive (2026-12-10 00:00:00, São Paulo) is listed at 05:00 BRT', () => {
    expect(
      missingMandatoryLimits(lossChange({ active: 0, effective_at: '2026-12-10 00:00:00' }), NOW),
    ).toEqual(['loss']);
  });
});

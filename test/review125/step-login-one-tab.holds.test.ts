// Review 125: the contrast to ./adopted-after-step.defect.test.ts: with one tab, a login right after
// a +25 h wall-clock step is not refreshed (the login's answer taught the clock).
import { describe, expect, it } from 'vitest';
import { refreshesAfterLogin } from './arbitraries';

describe('review 125: a token born after a clock step, one tab', () => {
  it('is not refreshed within two minutes', async () => {
    expect(await refreshesAfterLogin(1)).toBe(0);
  }, 60_000);
});

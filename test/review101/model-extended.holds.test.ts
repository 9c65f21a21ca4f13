// Review 101: the issue-26 model (../model) with what its truth never sends (./model-extended.ts:
// an operator exclusion, dated ahead or unreadable; an exclusion flag absent or null; an exclusion
// date that cannot be read or none at all; a garbage earliest lift; a minor's birth date; a
// cancelled or inactive account; an exact zoned pause; whole answers that cannot be read: HTML with
// 200, a cut body, `{}`, no `user`, `userInfo` a string), every run signed in first. Beside every
// issue-26 invariant after each command: a tab whose own latest profile answer could not be read
// never shows canBet, no view holds a token or a password, and no unhandled rejection. Held over
// seeds 101, 202, 303 and 404 (210 runs); CI runs one seed, sized for well under 60 s.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { extendedRuns, runExtended } from './model-extended';

describe('review101: the session against the extended model (held)', () => {
  it('keeps every invariant over generated sequences with unreadable and barring answers', async () => {
    await fc.assert(
      fc.asyncProperty(extendedRuns(25), ([commands, store]) => runExtended(commands, store)),
      { seed: 101, numRuns: 30 },
    );
  }, 60_000);
});

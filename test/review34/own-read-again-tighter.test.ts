import { describe, it } from 'vitest';
import { make, runCmds } from '../review33/model';

// Review 34, beside the dawn fix: test/session/reading-order.model's seed -1777581262 (a CI-like run
// of the branch, failing on ccc64189 too). A reading from elsewhere comes while the flow's own read
// is on its way (`again`, REVIEW33-2); that read's answer shows the SPA register AND a raised deposit
// limit: it would lift the limit, so it is not taken and the flow reads once more; meanwhile it kept
// showing the player free to bet, though the latest-sent reading bars them. As `doubt` does for a
// reading from elsewhere, such an answer that also shows more than is held leaves the flow barred
// (stale) until the read that follows.

const { check, changeFails, deliver, spa, limit, remote } = make;

describe('review34: an own read answered after a reading from elsewhere, lifting one thing and barring another', () => {
  it('keeps the player barred until the read once more (seed -1777581262, shrunk)', async () => {
    await runCmds(
      [
        check(),
        changeFails(),
        deliver(10),
        spa(true),
        limit(200),
        check(),
        check(),
        changeFails(),
        remote(0),
        deliver(19),
        deliver(12),
      ],
      { checkLimits: false },
    );
  });
});

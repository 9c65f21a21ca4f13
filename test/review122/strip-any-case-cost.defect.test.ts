// Review 122 (DEFECT, MEDIUM): the case-insensitive literal `verbatim` switches to (src/server/
// strip.ts, `anyCase`: one 'giu' RegExp per value) backtracks: at each position of the text it
// compares up to a whole value. Review 118's probe (64 dropped values of 1,024 near-misses
// against a 1 MB string, test/review118/cost-hostile-answers) costs nothing on the `indexOf` path;
// the same answer with one `İ` in the text (a Turkish name), or with one dropped value holding an
// `ß` (every text of the call then takes this path), costs about 1 s of CPU per value per MB:
// ~70 s for 64 values, the proxy's event loop blocked. 16 values here (~18 s). Bounded by the
// test's 5 s timeout (a hang detector, no timed assertion), checked by the result.
import { describe, expect, it } from 'vitest';
import { createScrubber } from '../../src/errors/scrub';
import { droppedTokensOf, scrubTokens } from '../../src/server/strip';

const T = { timeout: 5_000 };
const SESSION = 'SESSION-ZYXWVUTSRQ-9876543210';
const letters = 'bcdefghijklmnopq';
const values = [...letters].map((c) => `${'a'.repeat(1_023)}${c}`);

describe('review 122 (DEFECT): the any-case hunt of dropped values on a 1 MB answer', () => {
  it('16 dropped near-misses, one 1 MB string of near-misses with an İ in it: untouched, in time', T, () => {
    const text = `İ${'a'.repeat(1_000_000)}!`;
    const answer = { k: values.map((v) => ({ id_token: v })), text };
    const dropped = droppedTokensOf(answer);
    expect(dropped.size).toBe(16);
    const out = scrubTokens(answer, [SESSION], createScrubber, dropped) as { text: string };
    expect(out.text).toBe(text);
  });

  it(
    '16 dropped near-misses, one of them with an ß: a plain ASCII 1 MB string, untouched, in time',
    T,
    () => {
      const odd = [...values.slice(0, 15), `straße-${'a'.repeat(1_016)}`];
      const text = `${'a'.repeat(1_000_000)}!`;
      const answer = { k: odd.map((v) => ({ id_token: v })), text };
      const dropped = droppedTokensOf(answer);
      expect(dropped.size).toBe(16);
      const out = scrubTokens(answer, [SESSION], createScrubber, dropped) as { text: string };
      expect(out.text).toBe(text);
    },
  );
});

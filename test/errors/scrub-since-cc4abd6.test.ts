// What the scrubber of today gives where it parts from the one of cc4abd6 (./scrub-since-cc4abd6.ts):
// every such text, as an error carries it and as a 2xx value, against what cc4abd6's gave.
import { describe, expect, it } from 'vitest';
import { createScrubber } from '../../src/errors/scrub';
import { SINCE_CC4ABD6 } from './scrub-since-cc4abd6';

describe('the scrubber where it parts from the one of cc4abd6', () => {
  for (const c of SINCE_CC4ABD6)
    it(c.why, () => {
      const scrub = createScrubber(c.secrets);
      expect(scrub.text(c.text)).toBe(c.error);
      expect(scrub.deep(c.text, undefined, true)).toBe(c.ok);
      // (No secret of the case is shown, as written, in what an error carries.)
      for (const s of c.secrets) expect(scrub.text(c.text)).not.toContain(s);
    });
});

// Review 126 (DEFECT, LOW): `redactForms` (src/server/any-case.ts) looks for a form's next echo
// from the END of the last (`at + form.length`), so a second echo that overlaps the first (a value
// that is a prefix of itself repeated: `ww` in `www`) is never found: the cut covers the first and
// the rest of the second goes out — half the value, here 13 characters (review 122 fixed exactly
// this for two different values whose echoes overlap: "nothing beyond a few characters").
import { describe, expect, it } from 'vitest';
import { scrubTokens } from '../../src/server/strip';
import { holds, through } from '../review122/through';
import { useHostile } from '../server/hostile';

const hostile = useHostile();
const SESSION = 'SESSION-ZYXWVUTSRQ-9876543210';
const w = 'Kq7Zp2Lr9Xw4M'; // 13
const value = `${w}${w}`; // 26: its first half repeats

describe('review 126 (DEFECT): two overlapping echoes of one dropped value', () => {
  it('scrubTokens: no run of 12 characters of the value is left', () => {
    const out = scrubTokens({ m: `see ${w}${w}${w} now` }, [SESSION], undefined, [value]) as { m: string };
    expect(out.m).not.toContain(w.slice(0, 12));
  });

  it('through the proxy: the second half of the value does not reach the browser', async () => {
    const { status, text } = await through(await hostile.api(), {
      data: { reset_token: value },
      message: `Link ${w}${w}${w}`,
    });
    expect(status).toBe(200);
    expect(holds(text, w)).toBe(false);
  });
});

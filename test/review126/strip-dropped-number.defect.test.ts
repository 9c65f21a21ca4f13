// Review 126 (DEFECT, LOW): a dropped token value that is all digits (a `device_token` the API
// sends as "1234567890123456", or as a number: `droppedTokensOf` takes its text) echoed elsewhere
// in the answer as a JSON NUMBER reaches the browser: `scrubValues` (src/server/strip.ts) checks a
// number only against the session's secrets (`numbersOf(unique)`), never against `dropped`.
import { describe, expect, it } from 'vitest';
import { scrubTokens } from '../../src/server/strip';
import { through } from '../review122/through';
import { useHostile } from '../server/hostile';

const hostile = useHostile();
const SESSION = 'SESSION-ZYXWVUTSRQ-9876543210';
const DIGITS = '4820193746501928'; // 16 digits, a safe integer

describe('review 126 (DEFECT): an all-digit dropped value echoed as a number', () => {
  it('scrubTokens: the number is replaced', () => {
    const out = scrubTokens({ id: Number(DIGITS) }, [SESSION], undefined, [DIGITS]) as { id: unknown };
    expect(out.id).not.toBe(Number(DIGITS));
  });

  it('through the proxy: a device_token string echoed as a number in the same answer', async () => {
    const { status, text } = await through(await hostile.api(), {
      data: { device_token: DIGITS, device: { id: Number(DIGITS) } },
    });
    expect(status).toBe(200);
    expect(text).not.toContain(DIGITS);
  });
});

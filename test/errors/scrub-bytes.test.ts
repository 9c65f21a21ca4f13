import { describe, expect, it } from 'vitest';
import { createScrubber } from '../../src/errors/scrub';

// Issue 33: a secret's UTF-8 bytes echoed in base64 or hex in what an error carries are found by
// decoding the text's base64 and hex runs, not by matching each secret's encoded forms. The
// places a run may start at and the layers it may sit under, each against both.

const PASSWORD = 'hunter2-Pass!';
const b64 = (s: string) => Buffer.from(s).toString('base64');

describe('a secret’s bytes in an error text', () => {
  it.each([
    [
      'in a URL path (the run starts 1 to 3 characters before the body)',
      `GET /x/${b64(`a=1&p=${PASSWORD}`)} failed`,
    ],
    ['glued to a word', `tokenX${b64(`{"password":"${PASSWORD}"}`)}`],
    ['with its + and / percent-encoded', encodeURIComponent(b64(`ÿ?>ÿ?>${PASSWORD}ÿ?>`))],
    ['in hex at an odd offset', `id=a${Buffer.from(`p=${PASSWORD}`).toString('hex')}`],
    ['in base64url without padding', Buffer.from(`x${PASSWORD}`).toString('base64url')],
  ])('%s', (_, echo) => {
    const out = createScrubber([PASSWORD]).text(`error: ${echo}`);
    expect(out).toContain('[redacted]');
    expect(out).not.toContain(echo);
  });

  it('leaves a text whose runs decode to no secret as it is', () => {
    const text = `error ${b64('another body entirely, no secret in it')} at /a/b?c=${'deadbeef'.repeat(4)}`;
    expect(createScrubber([PASSWORD, '482913']).text(text)).toBe(text);
  });
});

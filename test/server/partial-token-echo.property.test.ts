// R30-2: the proxy applies the core adapter's rule (REVIEW-L 5) to the session's token: any run of
// 12 characters or more of it counts as the token, in an error's body and a 2xx answer's free text
// alike (the browser holds no token to compare, so the proxy is the only place that can hunt it).
// Generated cuts of the token (where it starts, how long: 12 characters to the whole) at generated
// places (an error's message, a nested field error, a 2xx field, an array item, a response
// header), between generated text, at generated statuses: no run of 12 characters of the token
// reaches the browser, in its body or its headers. Over real sockets: the reference server
// (faulted) behind `pam-client/server`.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Browser, openCookie, type TestClock, usePam } from './harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, fx } = usePam(clock);
const PATH = '/bff/users/address-by-user';

/** The runs of 12 characters of `token` that `text` holds (the core's rule). */
function runsIn(text: string, token: string): string[] {
  const found: string[] = [];
  for (let i = 0; i + 12 <= token.length; i++)
    if (text.includes(token.slice(i, i + 12))) found.push(token.slice(i, i + 12));
  return found;
}

type Place = 'message' | 'fieldError' | 'field' | 'item' | 'header';

interface Case {
  status: number;
  place: Place;
  /** Where the cut starts and how long it is, as fractions of what the token leaves room for. */
  start: number;
  length: number;
  before: string;
  after: string;
}

const textArb = fc.string({ unit: fc.constantFrom(...'ab Z9-_.:/…"\'<>()'.split('')), maxLength: 8 });
const caseArb: fc.Arbitrary<Case> = fc.record({
  status: fc.constantFrom(200, 400, 401, 403, 404, 409, 422, 429, 500, 503),
  place: fc.constantFrom<Place>('message', 'fieldError', 'field', 'item', 'header'),
  start: fc.double({ min: 0, max: 1, noNaN: true }),
  length: fc.double({ min: 0, max: 1, noNaN: true }),
  before: textArb,
  after: textArb,
});

/** The cut of `token` a case names: 12 characters at least, within the token. */
function cutOf(token: string, c: Case): string {
  const from = Math.floor(c.start * (token.length - 12));
  const length = 12 + Math.floor(c.length * (token.length - from - 12));
  return token.slice(from, from + length);
}

let placed = 0;

describe('R30-2: no run of 12 characters of the session token reaches the browser', () => {
  it('generated cuts at generated places, statuses and headers', async () => {
    const { plain } = ref.server.seed;
    const browser = new Browser(fx.served.url);
    /** The session's token, signing in again after a 401 ended the session. */
    const session = async () => {
      if (browser.cookie === null)
        expect((await browser.login(plain.email, plain.password)).status).toBe(200);
      return (await openCookie(browser.cookie!)).token;
    };
    const token = await session();
    expect(token.length).toBeGreaterThanOrEqual(32);
    const whole = { start: 0, length: 1, before: 'bad token ', after: '' };
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const token = await session();
        const echo = `${c.before}${cutOf(token, c)}${c.after}`;
        const body =
          c.place === 'message'
            ? { message: echo }
            : c.place === 'fieldError'
              ? { message: 'Invalid.', errors: { street: [echo] } }
              : c.place === 'field'
                ? { street: echo, number: '1' }
                : c.place === 'item'
                  ? { message: 'x', notes: [{ text: echo }, 7] }
                  : { message: 'fine' };
        const line = echo.replace(/[^\x20-\x7e]/g, ''); // a header value: visible ASCII
        const headers =
          c.place === 'header'
            ? { 'x-debug': line, 'www-authenticate': `Bearer error="${line}"`, 'retry-after': line }
            : undefined;
        ref.server.faults.add({ path: PATH, status: c.status, body, headers, times: 1 });
        const got = await browser.call('GET', `/pam${PATH}`);
        placed++;
        const label = JSON.stringify({ c, echo });
        expect(got.status, label).toBeGreaterThanOrEqual(200);
        expect(runsIn(got.text, token), label).toEqual([]);
        const headerText = [...got.headers].map(([k, v]) => `${k}: ${v}`).join('\n');
        expect(runsIn(headerText, token), label).toEqual([]);
        // The session is not lost to an echo: still signed in (but after the API's 401).
        expect(browser.cookie === null, label).toBe(c.status === 401);
      }),
      {
        numRuns: 120,
        examples: [
          // The review's: the token less its last 4 characters, in a 500's message and in a 2xx field.
          [
            {
              status: 500,
              place: 'message',
              ...whole,
              length: (token.length - 4 - 12) / (token.length - 12),
              after: '…',
            },
          ],
          [{ status: 200, place: 'field', ...whole, length: 0, before: 'session ', after: '…' }],
          [{ status: 422, place: 'fieldError', ...whole, start: 0.5, length: 0 }],
          [{ status: 503, place: 'header', ...whole }],
        ],
      },
    );
    expect(placed).toBeGreaterThan(0);
  });
});

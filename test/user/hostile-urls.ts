// Generated download URLs, safe and hostile (review rj10 MED-1), and what a browser makes of one:
// random C0 controls, DEL, spaces, tabs and newlines, `\`, `//`, mixed-case schemes, inserted at
// random places. Shared by the client's, the proxy's and the income-report machine's tests.

import fc from 'fast-check';

/** The C0 controls (U+0000–U+001F) and DEL. */
export const CONTROLS = [...Array(32).keys(), 0x7f].map((c) => String.fromCharCode(c));

/** A URL built from a scheme (or none), a rest, and hostile pieces inserted at random places. */
export const hostileURL: fc.Arbitrary<string> = fc
  .tuple(
    fc
      .constantFrom('javascript', 'JaVaScRiPt', 'data', 'vbscript', 'http', 'HTTPS', 'https', 'file', 'blob')
      .chain((s) => fc.constantFrom(`${s}:`, `${s}://`, `${s}:/`, '')),
    fc.constantFrom('alert(1)', 'bucket.example/r.pdf', '/files/r.pdf', 'evil.example/x', ''),
    fc.array(
      fc.tuple(
        fc.nat(),
        fc.constantFrom(...CONTROLS, ' ', '\u00a0', '\u2028', '\ufeff', '\\', '//', ':', '/', '%01'),
      ),
      { maxLength: 4 },
    ),
  )
  .map(([scheme, rest, inserts]) => {
    let url = scheme + rest;
    for (const [at, piece] of inserts) {
      const i = at % (url.length + 1);
      url = url.slice(0, i) + piece + url.slice(i);
    }
    return url;
  });

// biome-ignore lint/suspicious/noControlCharactersInRegex: the controls are what is judged
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f]|\s/;

/**
 * Whether a browser opens `url` as an http(s) link (WHATWG `URL`, as Node and Chromium parse it,
 * on an https page) with nothing in it that the parser strips or skips (a C0 control, DEL,
 * whitespace).
 */
export function browserSafe(url: string, page = 'https://api.example/v1/'): boolean {
  if (CONTROL_OR_SPACE.test(url)) return false;
  try {
    return ['http:', 'https:'].includes(new URL(url, page).protocol);
  } catch {
    return false;
  }
}

/**
 * Whether a browser never opens `url` as anything but an http(s) link: `browserSafe`, or a URL
 * with no control or whitespace that no URL parser reads (`https://`, `http:` alone: nothing opens).
 */
export function neverScript(url: string, page = 'https://api.example/v1/'): boolean {
  if (CONTROL_OR_SPACE.test(url)) return false;
  try {
    return ['http:', 'https:'].includes(new URL(url, page).protocol);
  } catch {
    return true;
  }
}

// The report file as the browser gets it: always a download of a document type, never a page of
// the app's origin, and cut off if it holds a token of the session.

import { fileTypeOf } from '../user/download';

/**
 * The headers of a report file: its media type (`fileTypeOf`: PDF or octet-stream; anything else,
 * HTML, JSON, SVG or none, is refused), saved as
 * `income-report-<year>.<pdf|bin>`, never sniffed or rendered; null for a type not served.
 */
export function fileHeaders(contentType: string | null, year: unknown): Headers | null {
  const type = fileTypeOf(contentType);
  if (!type) return null;
  const name = `income-report${Number.isSafeInteger(year) ? `-${year}` : ''}.${type === 'application/pdf' ? 'pdf' : 'bin'}`;
  return new Headers({
    'content-type': type,
    'content-disposition': `attachment; filename="${name}"`,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
  });
}

/**
 * One token's matcher, fed the file byte by byte (Knuth-Morris-Pratt): `state` is how many of the
 * token's first bytes the file ends with, so every byte is looked at once (amortised), whatever
 * the chunking and however the token repeats itself (`AAAA…B` against a file of `A`).
 */
class Matcher {
  /** `fail[i]`: the longest proper prefix of `needle[0..i]` that is also its suffix. */
  private readonly fail: Uint16Array | Uint32Array;
  state = 0;

  constructor(private readonly needle: Uint8Array) {
    const fail = needle.length < 65_536 ? new Uint16Array(needle.length) : new Uint32Array(needle.length);
    for (let i = 1, k = 0; i < needle.length; i++) {
      while (k > 0 && needle[i] !== needle[k]) k = fail[k - 1]!;
      if (needle[i] === needle[k]) k++;
      fail[i] = k;
    }
    this.fail = fail;
  }

  /** Feeds `bytes`; true as soon as the token is complete. */
  feed(bytes: Uint8Array): boolean {
    const { needle, fail } = this;
    let k = this.state;
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i];
      while (k > 0 && b !== needle[k]) k = fail[k - 1]!;
      if (b === needle[k]) k++;
      if (k === needle.length) return true;
    }
    this.state = k;
    return false;
  }
}

/**
 * The bytes read but not yet passed on, as the chunks they came in (each appended once, taken
 * once: no copy of the held bytes per chunk, which a one-byte chunking would make quadratic).
 */
class Held {
  private readonly chunks: Uint8Array[] = [];
  size = 0;

  push(chunk: Uint8Array): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
  }

  /** The first `n` held bytes, taken out as one chunk. */
  take(n: number): Uint8Array {
    const out = new Uint8Array(n);
    let at = 0;
    while (at < n) {
      const first = this.chunks[0]!;
      const part = Math.min(first.length, n - at);
      out.set(part === first.length ? first : first.subarray(0, part), at);
      if (part === first.length) this.chunks.shift();
      else this.chunks[0] = first.subarray(part);
      at += part;
    }
    this.size -= n;
    return out;
  }
}

/**
 * `body` passed on as it comes but for the bytes that may begin a token (the longest start of one
 * the file ends with), held back until the next chunk shows they do not: a file holding one of
 * `tokens` (as written: a PDF's text may be compressed, nothing more is decoded) errors before
 * that token's last byte is passed on, however it is split across chunks. One pass: each byte is
 * scanned once per token (`Matcher`) and copied once (`Held`).
 */
export function withoutTokens(body: ReadableStream<Uint8Array>, tokens: Iterable<string>) {
  const reader = body.getReader();
  const held = new Held();
  // Read at the first pull: by then the answer's cookie is sealed, its token known (`tokens` is live).
  let matchers: Matcher[] | undefined;
  return new ReadableStream<Uint8Array>(
    {
      async pull(out) {
        if (!matchers) {
          const encoder = new TextEncoder();
          matchers = [...tokens]
            .map((t) => encoder.encode(t))
            .filter((n) => n.length > 0)
            .map((n) => new Matcher(n));
        }
        // Until something is passed on or the file ends (a pull that enqueues nothing is not repeated).
        for (;;) {
          const { done, value } = await reader.read();
          if (done) {
            if (held.size > 0) out.enqueue(held.take(held.size));
            out.close();
            return;
          }
          if (value.length === 0) continue;
          // Every matcher sees the whole chunk (the first to complete stops the file).
          if (matchers.some((m) => m.feed(value))) {
            await reader.cancel();
            throw new Error('The file holds a token of the session.');
          }
          held.push(value);
          const keep = matchers.reduce((most, m) => Math.max(most, m.state), 0);
          if (held.size > keep) return out.enqueue(held.take(held.size - keep));
        }
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 }, // pulled only when read
  );
}

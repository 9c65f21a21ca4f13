// The report file as the browser gets it: always a download of a document type, never a page of
// the app's origin, and cut off if it holds a token of the session.

/** The file types served; anything else (HTML, JSON, SVG, none) is refused. */
const FILE_TYPES: Readonly<Record<string, string>> = {
  'application/pdf': 'pdf',
  'application/octet-stream': 'bin',
};

/**
 * The headers of a report file: its media type (from `FILE_TYPES`, without parameters), saved as
 * `income-report-<year>.<pdf|bin>`, never sniffed or rendered; null for a type not served.
 */
export function fileHeaders(contentType: string | null, year: unknown): Headers | null {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const ext = Object.hasOwn(FILE_TYPES, type) ? FILE_TYPES[type] : undefined;
  if (!ext) return null;
  const name = `income-report${Number.isSafeInteger(year) ? `-${year}` : ''}.${ext}`;
  return new Headers({
    'content-type': type,
    'content-disposition': `attachment; filename="${name}"`,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
  });
}

/** Where `needle` starts in `hay`, or -1. */
function indexOf(hay: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/**
 * `body` passed on as it comes but for the last bytes, held back until the next chunk shows they
 * do not begin a token: a file holding one of `tokens` (as written: a PDF's text may be
 * compressed, nothing more is decoded) errors before that token is passed on.
 */
export function withoutTokens(body: ReadableStream<Uint8Array>, tokens: Iterable<string>) {
  const reader = body.getReader();
  let tail = new Uint8Array(0);
  // Read at the first pull: by then the answer's cookie is sealed, its token known (`tokens` is live).
  let needles: Uint8Array[] | undefined;
  let keep = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(out) {
        if (!needles) {
          const encoder = new TextEncoder();
          needles = [...tokens].map((t) => encoder.encode(t)).filter((n) => n.length > 0);
          keep = Math.max(1, ...needles.map((n) => n.length)) - 1;
        }
        // Until something is passed on or the file ends (a pull that enqueues nothing is not repeated).
        for (;;) {
          const { done, value } = await reader.read();
          if (done) {
            if (tail.length > 0) out.enqueue(tail);
            out.close();
            return;
          }
          const joined = new Uint8Array(tail.length + value.length);
          joined.set(tail);
          joined.set(value, tail.length);
          if (needles.some((n) => indexOf(joined, n) >= 0)) {
            await reader.cancel();
            throw new Error('The file holds a token of the session.');
          }
          const cut = Math.max(0, joined.length - keep);
          tail = joined.slice(cut);
          if (cut > 0) return out.enqueue(joined.slice(0, cut));
        }
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 }, // pulled only when read
  );
}

// The name a downloaded file is saved under: Content-Disposition (RFC 6266, `filename*` of
// RFC 8187 first), else the URL's last path segment, made safe to hand to a file system.

/** The longest name kept (most file systems stop at 255 bytes). */
const MAX_NAME = 200;

/** `filename*=UTF-8''na%C3%AFve.pdf` (RFC 8187: charset, optional language, percent-encoded). */
const EXT_VALUE = /(?:^|;)\s*filename\*\s*=\s*([\w!#$%&+^`{}~-]+)'[\w-]*'([^;\s]+)/i;
/** `filename="a \"b\".pdf"` or `filename=plain.pdf`. */
const PLAIN_VALUE = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i;

function decodeExtValue(charset: string, encoded: string): string | undefined {
  try {
    if (/^utf-8$/i.test(charset)) return decodeURIComponent(encoded);
    // ISO-8859-1: each %XX is one byte, one code point.
    if (/^iso-8859-1$/i.test(charset))
      return encoded.replace(/%([0-9a-f]{2})/gi, (_, h: string) =>
        String.fromCharCode(Number.parseInt(h, 16)),
      );
  } catch {
    // A malformed escape: fall back to `filename`.
  }
  return undefined;
}

/** `name` without path separators, control characters or leading dots, cut to `MAX_NAME`; '' if nothing is left. */
function safe(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_').replace(/^[.\s]+|[.\s]+$/g, '');
  return clean.slice(0, MAX_NAME);
}

/**
 * The file name of a download: from `Content-Disposition` (`filename*` wins over `filename`, as
 * RFC 6266 says), else the last segment of `url`'s path, else `fallback`. Path separators, control
 * characters and characters Windows refuses become `_` or are dropped, so the name can be given
 * to `<a download>` or a file system as is.
 *
 * @example
 * fileNameOf(`attachment; filename="r.pdf"; filename*=UTF-8''relat%C3%B3rio.pdf`, '/x/1/file', 'report.pdf'); // 'relatório.pdf'
 */
export function fileNameOf(disposition: string | null, url: string, fallback: string): string {
  if (disposition) {
    const ext = EXT_VALUE.exec(disposition);
    const fromExt = ext ? decodeExtValue(ext[1]!, ext[2]!) : undefined;
    if (fromExt !== undefined && safe(fromExt)) return safe(fromExt);
    const plain = PLAIN_VALUE.exec(disposition);
    const fromPlain = plain ? (plain[1]?.replace(/\\(.)/g, '$1') ?? plain[2]) : undefined;
    if (fromPlain && safe(fromPlain)) return safe(fromPlain);
  }
  let segment = '';
  try {
    segment = decodeURIComponent(new URL(url, 'http://x.invalid').pathname.split('/').pop() ?? '');
  } catch {
    // An undecodable path: use the fallback.
  }
  return safe(segment) || fallback;
}

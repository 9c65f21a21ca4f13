// The name a downloaded file is saved under: Content-Disposition (RFC 6266, `filename*` of
// RFC 8187 first), else the URL's last path segment, made safe to hand to a file system.

/** The longest name kept, in UTF-8 bytes (what ext4, APFS and NTFS allow, near enough). */
const MAX_BYTES = 255;

/**
 * Invisible format characters (Unicode's Cf: bidi controls U+200E/F, U+202A–E, U+2066–9, U+061C;
 * zero-width U+200B–D, U+2060, U+FEFF; soft hyphen; tags…): removed, so a name cannot display as
 * something else (`relatorio<U+202E>fdp.exe` showing as `relatorioexe.pdf`); Hangul fillers
 * (U+115F, U+1160, U+3164, U+FFA0), blank letters, too.
 */
const INVISIBLE = /[\p{Cf}\u115f\u1160\u3164\uffa0]/gu;
/**
 * Control characters (C0, DEL, C1), line and paragraph separators, what Windows refuses, and their
 * look-alikes: the fullwidth and small forms of `/` `\` `:` `*` `?` `"` `<` `>` `|` (Windows'
 * best-fit conversion makes them the ASCII ones again: review 153), and the slashes U+2215, U+2216,
 * U+2044, U+29F5, U+29F8, U+29F9 and the ratio U+2236.
 */
const REFUSED =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029<>:"|?*\uff02\uff0a\uff0f\uff1a\uff1c\uff1e\uff1f\uff3c\uff5c\ufe55\ufe56\ufe61\ufe64\ufe65\ufe68\u2215\u2216\u2044\u29f5\u29f8\u29f9\u2236]/g;
/** Names Windows reserves for devices, whatever the extension (`CON`, `nul.txt`, `COM1.pdf`, `CONIN$`: review 91), read in NFKC (`COM¹`, `ＣＯＮ`: review 153). */
const RESERVED = /^(?:con|prn|aux|nul|conin\$|conout\$|(?:com|lpt)[0-9])\s*(?:\.|$)/i;
const EDGES = /^[.\s]+|[.\s]+$/g;

/** `filename*=UTF-8''na%C3%AFve.pdf` (RFC 8187: charset, optional language, percent-encoded). */
const EXT_VALUE = /(?:^|;)\s*filename\*\s*=\s*([\w!#$%&+^`{}~-]+)'[\w-]*'([^;\s]+)/i;
/** `filename="a \"b\".pdf"` or `filename=plain.pdf`. */
const PLAIN_VALUE = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i;

function decodeExtValue(charset: string, encoded: string): string | undefined {
  try {
    if (/^utf-8$/i.test(charset)) return decodeURIComponent(encoded);
    // ISO-8859-1: each %XX is one byte, one code point.
    if (/^iso-8859-1$/i.test(charset))
      return encoded.replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  } catch {
    // A malformed escape: fall back to `filename`.
  }
  return undefined;
}

/** UTF-8 bytes of one code point. */
const utf8Bytes = (cp: number) => (cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4);

/**
 * The longest start of `text` (whole code points) that fits in `max` UTF-8 bytes; a letter whose
 * combining marks do not all fit goes with them.
 */
function cut(text: string, max: number): string {
  let out = '';
  let used = 0;
  for (const c of text) {
    used += utf8Bytes(c.codePointAt(0) ?? 0);
    if (used > max) return /^\p{M}/u.test(c) ? out.replace(/\P{M}\p{M}*$/u, '') : out;
    out += c;
  }
  return out;
}

/**
 * `name` without path separators (or look-alikes), invisible or control characters, leading or
 * trailing dots and spaces, a Windows device name prefixed with `_`, its extension replaced by
 * `.pdf`, cut to `MAX_BYTES` UTF-8 bytes on a character boundary (`.pdf` kept); '' if nothing is
 * left.
 */
function safe(name: string): string {
  const base = name.replace(INVISIBLE, '').split(/[\\/]/).pop() ?? '';
  let stem = base
    .replace(REFUSED, '_')
    .replace(EDGES, '')
    .replace(/\.[^.]*$/, '');
  if (RESERVED.test(stem.normalize('NFKC'))) stem = `_${stem}`;
  return stem && `${cut(stem, MAX_BYTES - 4).replace(EDGES, '')}.pdf`;
}

/**
 * The file name of a download: from `Content-Disposition` (`filename*` wins over `filename`, as
 * RFC 6266 says), else the last segment of `url`'s path, else `fallback`. Path separators, control
 * characters and characters Windows refuses become `_` or are dropped, invisible format
 * characters (bidi controls, zero-width ones) are removed, and the name is cut to 255 UTF-8 bytes
 * on a character boundary, so it can be given to `<a download>` or a file system as is, and shows
 * what it is. Its extension is always `.pdf` (R30-6: the file is a PDF or an octet-stream, never a
 * page or a program, whatever the API names it: `informe.html`, `r.pdf.exe` are saved
 * `informe.pdf`, `r.pdf.pdf`); `fallback` is given as is.
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

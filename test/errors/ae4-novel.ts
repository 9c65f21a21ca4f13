import { bytesOf, spellingsOf, TOKEN_LIKE } from '../../src/errors/scrub-forms';

// REVIEW-AE AE-4: a 2xx value now hides an unambiguous secret's (8 characters or more, not only
// digits) UTF-8 bytes in hex, base64 or base64url, as errors did. The scrubbers of earlier commits
// the differential tests compare with did not: where a text holds such a form, a 2xx path may hide
// more (never less), and `mayHold` may say yes where the old one said no.

const folded = (t: string) => t.replace(/-/g, '+').replace(/_/g, '/').toLowerCase();

/**
 * Whether `text` holds 8 characters of a byte form (`bytesOf`) of one of `secrets` that is
 * unambiguous (with `any`, 7 of one of any of them: a 2FA code's too).
 */
export function holdsUnambiguousBytes(secrets: string[], text: string, any = false): boolean {
  const t = folded(decodeURIComponentSafe(text));
  return (
    secrets
      .filter((s) => any || (s.length > 7 && !/^\d+$/.test(s)))
      .flatMap((s) => {
        const token = TOKEN_LIKE.exec(s)?.[1];
        // (And its UTF-16LE bytes' in what errors carry: review 106.)
        return [s, ...(token ? spellingsOf(token) : [])].flatMap((x) => [...bytesOf(x), ...bytesOf(x, true)]);
      })
      // (Any 8 characters of a form: an echo cut by a character, or at another offset, shares them.)
      // (With `any`, 7: a byte form's anchor, `anchorOf`, has 7 characters or the whole form.)
      .some((form) => {
        const f = folded(form);
        const n = any ? Math.min(7, f.length) : 8;
        for (let i = 0; i + n <= f.length; i++)
          if (t.includes(f.slice(i, i + n)) || folded(text).includes(f.slice(i, i + n))) return true;
        return false;
      })
  );
}

// (And HTML's numeric character references first: `&#X005F;` for `_`, a byte form's stand-ins
// written so: seed -67331304, sixty-second pass.)
const decodeURIComponentSafe = (text: string) => {
  const t = text.replace(/&#(x[0-9a-f]+|\d+);/gi, (_, n: string) =>
    String.fromCodePoint(Math.min(0x10ffff, /^x/i.test(n) ? Number.parseInt(n.slice(1), 16) : +n)),
  );
  try {
    return decodeURIComponent(t);
  } catch {
    return t;
  }
};

/** `now` hides all `then` hides (the text between `now`'s redactions, in order, is in `then`'s). */
export function hidesAllOf(now: string, then: string): boolean {
  const shown = then.split('[redacted]').join('\0');
  let from = 0;
  for (const piece of now.split('[redacted]')) {
    const at = shown.indexOf(piece, from);
    if (at < 0) return false;
    from = at + piece.length;
  }
  return true;
}

/**
 * Whether `text` holds 7 characters of a byte form of a secret's other Unicode normal form (its
 * NFD or NFKD bytes: `a` and a combining tilde for `ã`). The scrubbers the differential tests keep
 * read a secret's byte forms from its own bytes; today's hides some of these where the decoded
 * text, read in NFKC, shows the secret (CI seed -677518156, sixty-second pass): a form new to it.
 */
export function holdsOtherNormalBytes(secrets: string[], text: string): boolean {
  const t = folded(decodeURIComponentSafe(text));
  return secrets
    .flatMap((s) =>
      (['NFD', 'NFKD', 'NFC', 'NFKC'] as const).map((n) => s.normalize(n)).filter((f) => f !== s),
    )
    .flatMap((x) => [...bytesOf(x), ...bytesOf(x, true)])
    .some((form) => {
      const f = folded(form);
      const n = Math.min(7, f.length);
      for (let i = 0; i + n <= f.length; i++) if (t.includes(f.slice(i, i + n))) return true;
      return false;
    });
}

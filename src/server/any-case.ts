// Finding a value's echoes in a text in any case, in time linear in the text (review 122: a
// case-insensitive expression per value backtracked, ~1 s of CPU per value per MB of near-misses).
import { REDACTED } from '../secrets/secret';

/** A code point outside ASCII (a surrogate pair, or one code unit, a lone surrogate included). */
const WIDE = /[\ud800-\udbff][\udc00-\udfff]|[^\0-\x7f]/g;

/** One code point folded: the lower case of its upper case (`ı`, `ſ`, `K` fold in), or its lower case, where as long. */
const foldPoint = (c: string): string => {
  const u = c.toUpperCase();
  const l = u.length === c.length ? u.toLowerCase() : '';
  if (l.length === c.length) return l;
  const lower = c.toLowerCase();
  return lower.length === c.length ? lower : c;
};

/**
 * `t` folded to one case, unit for unit (the same length as `t`, so a position in it is one in
 * `t`): the lower case of its upper case (`ı` and `I`, `ſ` and `s` alike), the final sigma as the
 * ordinary one (a value's last `Σ` and its echo before a letter fold alike). Where a character's
 * case is longer (`ß`, `ﬁ`, `İ`), code point by code point: each as long as it is.
 */
export function fold(t: string): string {
  const u = t.toUpperCase();
  let f = u.length === t.length ? u.toLowerCase() : '';
  if (f.length !== t.length) f = t.replace(WIDE, foldPoint).replace(/[A-Z]+/g, (run) => run.toLowerCase());
  return f.replace(/ς/g, 'σ');
}

/**
 * The forms of `value` to look for, folded: itself, and its lower and upper case where they change
 * its length (`İ` and `i̇`, `ß` and `SS`: an echo in another case is no longer the same length).
 */
export const formsOf = (value: string): string[] =>
  [...new Set([value, value.toLowerCase(), value.toUpperCase()].map(fold))].filter((f) => f !== '');

/**
 * `t` with every echo of `forms` (each folded by `fold`) in any case replaced by `'[redacted]'`:
 * each form's places in the folded text (`indexOf`, from the end of the last: linear), merged
 * (overlapping echoes of two values are one redaction: none leaves a part of the other), cut once.
 */
export function redactForms(t: string, forms: readonly string[]): string {
  const f = fold(t);
  const cuts: [number, number][] = [];
  for (const form of forms)
    for (let at = f.indexOf(form); at >= 0; at = f.indexOf(form, at + form.length))
      cuts.push([at, at + form.length]);
  if (!cuts.length) return t;
  cuts.sort((a, b) => a[0] - b[0]);
  let out = '';
  let from = 0;
  let [start, end] = cuts[0]!;
  for (const [s, e] of cuts) {
    if (s > end) {
      out += `${t.slice(from, start)}${REDACTED}`;
      from = end;
      start = s;
    }
    end = Math.max(end, e);
  }
  return `${out}${t.slice(from, start)}${REDACTED}${t.slice(end)}`;
}

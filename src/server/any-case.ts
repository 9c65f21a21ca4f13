// Finding a value's echoes in a text in any case, in time linear in the text (review 122: a
// case-insensitive expression per value backtracked, ~1 s of CPU per value per MB of near-misses).
import { REDACTED } from '../secrets/secret';

/** A code point outside ASCII (a surrogate pair, or one code unit, a lone surrogate included). */
const WIDE = /[\ud800-\udbff][\udc00-\udfff]|[^\0-\x7f]/g;

/** One code point folded: the lower case of its upper case (`ı`, `ſ`, `K` fold in), or its lower case, where as long. */
const foldPoint = (c: string): string => {
  // (`İ` as `i`: the Turkish upper case of an `i`, review 126; its lower case `i̇` holds an `i` too.)
  if (c === 'İ') return 'i';
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
 * The forms of `value` to look for, folded: itself, its lower and upper case where they change its
 * length (`İ` and `i̇`, `ß` and `SS`, `ẞ` and `SS`: an echo in another case is no longer the same
 * length), and its other normalization form (NFC, NFD).
 */
export const formsOf = (value: string): string[] =>
  [
    ...new Set(
      [
        value,
        value.toLowerCase(),
        value.toUpperCase(),
        // (`ẞ` written `SS`; a value in one normalization form echoed in the other: review 126.)
        value.toLowerCase().toUpperCase(),
        value.normalize('NFD'),
        value.normalize('NFC'),
      ].map(fold),
    ),
  ].filter((f) => f !== '');

/** A state of the search: the forms' prefixes (a trie), with where a mismatch goes (`fail`). */
interface Node {
  next: Map<number, Node>;
  fail: Node;
  /** The longest form that ends here (0: none); the shorter ones ending here are inside it. */
  best: number;
}

/**
 * What removes every echo of `forms` (each folded by `fold`) in any case from a text: each becomes
 * `'[redacted]'`. One pass over the folded text for all forms at once (Aho-Corasick: linear in the
 * text, whatever the forms; review 126: an `indexOf` per form cost ~0.5 s a 1,024-character value
 * differing from 1 MB of text in its middle), every echo found, overlapping ones too (a value
 * echoed twice over itself, two values' echoes across each other: one redaction, no part left).
 */
export function hunter(forms: readonly string[]): (t: string) => string {
  const node = (): Node => ({ next: new Map(), best: 0 }) as unknown as Node;
  const root = node();
  root.fail = root;
  for (const form of forms) {
    let n = root;
    for (let i = 0; i < form.length; i++) {
      const c = form.charCodeAt(i);
      let m = n.next.get(c);
      if (!m) {
        m = node();
        n.next.set(c, m);
      }
      n = m;
    }
    n.best = Math.max(n.best, form.length);
  }
  // Breadth first: each state's longest proper suffix that is a prefix of a form.
  const queue: Node[] = [];
  for (const m of root.next.values()) {
    m.fail = root;
    queue.push(m);
  }
  for (let q = 0; q < queue.length; q++) {
    const n = queue[q]!;
    for (const [c, m] of n.next) {
      let f = n.fail;
      while (f !== root && !f.next.has(c)) f = f.fail;
      m.fail = f.next.get(c) ?? root;
      m.best = Math.max(m.best, m.fail.best);
      queue.push(m);
    }
  }
  return (t) => {
    const f = fold(t);
    // The cuts, merged as they come (each ends after the last; a longer one may start before it).
    const starts: number[] = [];
    const ends: number[] = [];
    let n = root;
    for (let i = 0; i < f.length; i++) {
      const c = f.charCodeAt(i);
      while (n !== root && !n.next.has(c)) n = n.fail;
      n = n.next.get(c) ?? root;
      if (!n.best) continue;
      let start = i + 1 - n.best;
      while (ends.length && ends[ends.length - 1]! >= start) {
        start = Math.min(start, starts.pop()!);
        ends.pop();
      }
      starts.push(start);
      ends.push(i + 1);
    }
    let out = '';
    let from = 0;
    for (let k = 0; k < starts.length; k++) {
      out += `${t.slice(from, starts[k])}${REDACTED}`;
      from = ends[k]!;
    }
    return out + t.slice(from);
  };
}

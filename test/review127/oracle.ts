// Review 127: an oracle of "is this player barred from betting" written from the text of
// docs/responsible-gaming.md (rules, assumptions table, derived rules) and the spec (2.11, 2.12, 8),
// not from src/. Dates are generated from true instants, so the oracle knows what each string means.
import fc from 'fast-check';

export const H = 3_600_000;
export const D = 86_400_000;

const spFmt = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'America/Sao_Paulo',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** São Paulo wall clock of an instant (historic DST included: Intl's zone data is the ground truth). */
export function spWall(ms: number) {
  const p: Record<string, string> = {};
  for (const x of spFmt.formatToParts(ms)) p[x.type] = x.value;
  return { y: +p.year!, mo: +p.month!, d: +p.day!, h: +p.hour! % 24, mi: +p.minute!, s: +p.second! };
}
/** The first instant of the São Paulo calendar day y-mo-d (searching, not converting). */
export function spMidnight(y: number, mo: number, d: number): number {
  // Candidates: 00:00 at -03:00 and -02:00 (DST), and 01:00 -02:00 when 00:00 did not exist.
  const base = Date.UTC(y, mo - 1, d);
  const c = [base + 2 * H, base + 3 * H].filter((t) => {
    const w = spWall(t);
    return (
      w.y === new Date(base).getUTCFullYear() &&
      w.mo === new Date(base).getUTCMonth() + 1 &&
      w.d === new Date(base).getUTCDate()
    );
  });
  // The earliest instant whose São Paulo date is that day.
  let t = Math.min(...(c.length ? c : [base + 3 * H]));
  while (spDateKey(t - 60_000) === spDateKey(t)) t -= 60_000;
  return t;
}
export const spDateKey = (ms: number) => {
  const w = spWall(ms);
  return `${w.y}-${pad(w.mo)}-${pad(w.d)}`;
};
/** The next São Paulo midnight after the day holding `ms`. */
export function nextSpMidnight(ms: number): number {
  const w = spWall(ms);
  const n = new Date(Date.UTC(w.y, w.mo - 1, w.d + 1));
  return spMidnight(n.getUTCFullYear(), n.getUTCMonth() + 1, n.getUTCDate());
}

export type Form =
  | 'naive'
  | 'naiveT'
  | 'naiveFrac'
  | 'z'
  | 'zFrac'
  | 'offColon'
  | 'offPlain'
  | 'offHour'
  | 'offEast'
  | 'bare';
export const FORMS: Form[] = [
  'naive',
  'naiveT',
  'naiveFrac',
  'z',
  'zFrac',
  'offColon',
  'offPlain',
  'offHour',
  'offEast',
  'bare',
];

/** `ms` written in `form`, and what the docs say it means: read (as São Paulo / exact), earliest, latest. */
export function write(
  ms: number,
  form: Form,
): { text: string; read: number; earliest: number; latest: number } {
  const w = spWall(ms);
  const date = `${w.y}-${pad(w.mo)}-${pad(w.d)}`;
  const time = `${pad(w.h)}:${pad(w.mi)}:${pad(w.s)}`;
  const iso = (off: number) => new Date(ms + off * 60_000).toISOString().slice(0, 19);
  const exact = (text: string) => ({
    text,
    read: ms - (ms % 1000),
    earliest: ms - (ms % 1000),
    latest: ms - (ms % 1000),
  });
  switch (form) {
    case 'naive':
    case 'naiveT':
    case 'naiveFrac': {
      const text = `${date}${form === 'naive' ? ' ' : 'T'}${time}${form === 'naiveFrac' ? '.000000' : ''}`;
      const read = ms - (ms % 1000);
      return { text, read, earliest: read - 18 * H, latest: read + 10 * H };
    }
    case 'z':
      return exact(`${iso(0)}Z`);
    case 'zFrac':
      return exact(`${iso(0)}.000000Z`);
    case 'offColon':
      return exact(`${iso(-180)}-03:00`);
    case 'offPlain':
      return exact(`${iso(-180)}-0300`);
    case 'offHour':
      return exact(`${iso(-300)}-05`);
    case 'offEast':
      return exact(`${iso(330)}+05:30`);
    case 'bare': {
      const read = spMidnight(w.y, w.mo, w.d);
      return { text: date, read, earliest: read - 18 * H, latest: nextSpMidnight(ms) + 10 * H };
    }
  }
}

export const form = fc.constantFrom(...FORMS);
/** A "now" from 2017 (Brazilian DST still kept) to 2028. */
export const nowArb = fc.integer({ min: Date.UTC(2017, 0, 1), max: Date.UTC(2028, 0, 1) });

/** The complete userInfo of a free player (every carried field, nothing set). */
export function freeInfo(): Record<string, unknown> {
  const info: Record<string, unknown> = {
    user_pause: 0,
    user_pause_at: null,
    user_pause_in: null,
    user_pause_min: null,
    user_exclusion: 0,
    user_exclusion_at: null,
    user_exclusion_in: null,
    user_exclusion_min: null,
    operator_exclusion: 0,
    operator_exclusion_at: null,
    operator_exclusion_note: '',
    spa_exclusion: 0,
    spa_exclusion_at: null,
    spa_exclusion_note: '',
  };
  for (const k of ['deposit', 'bet', 'loss', 'time']) {
    info[`user_limit_${k}`] = 1000;
    info[`user_limit_${k}_active`] = 1;
    info[`user_limit_${k}_period`] = 'monthly';
    info[`user_limit_${k}_change`] = null;
  }
  return info;
}

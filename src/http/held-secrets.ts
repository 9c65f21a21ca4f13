// What an adapter holds of the secrets it sent, for later answers: every token and other
// unguessable secret (the last 8 of each), scrubbed from every later answer; the short ones
// (passwords, 2FA codes), from later ERRORS only, for 10 minutes (review 93).
import { rebuilt } from '../errors/rebuilt';
import { chainScrubbers, createScrubber, type Scrubber } from '../errors/scrub';

/**
 * An earlier call's secret held for later answers: one no word, name, e-mail, number or date can
 * equal (a captcha token, a refresh token: 16 or more of `[A-Za-z0-9_+/.=-]`, not only digits). A
 * password or a 2FA code is not: a wrong password (`password`, a CPF, an e-mail) held for the
 * page's life rewrote later data and error codes (`password_check_required`: step-up never asked).
 * Those are scrubbed from later errors only, for 10 minutes (`RECENT_MS`, review 93).
 */
export const UNGUESSABLE = /^(?!\d+$)[\w+/.=-]{16,}$/;

/**
 * The secrets an adapter sent, held (`HELD`, 8: how many of the tokens it sent it scrubs from later
 * answers, the current one among them, and how many of the other unguessable secrets; a literal
 * where it is used, `hold`: one constant less in the bundle).
 *
 * Every token sent (`hold`, newest last) is scrubbed from every answer: a server may echo the one a
 * refresh replaced (revoked, but the player's credential until then), another tab's taken from the
 * store, or, after a sign-out, the last one, in an answer to a call sent with none. So is every
 * other unguessable secret sent (`sent`: in a set of their own, so they never push out the current
 * token): a login's captcha token quoted by the code step (review E item 5). Kept as long as the
 * adapter (a late answer is scrubbed too). The short ones `sent` (the last 8) are scrubbed from
 * errors for `RECENT_MS`, 10 minutes, after each was last sent (`errorsOnly`), never longer: a
 * server may quote a step-up's password in a later call's error ("rejected for <password>"), but
 * the password is not kept in memory for the adapter's life (a literal where it is used). `now`:
 * the clock.
 */
export function heldSecrets(now: () => number = Date.now) {
  const held = new Set<string>();
  const others = new Set<string>();
  // The short ones, each with when it was last sent (the newest last), and their chain.
  const recent = new Map<string, number>();
  let lately: Scrubber | undefined;
  // One scrubber per value held, made when first needed and kept while it is held: a new token
  // costs one small scrubber, never one over all eight.
  const scrubbers = new Map<string, Scrubber>();
  const scrubberOfValue = (v: string): Scrubber =>
    scrubbers.get(v) ?? scrubbers.set(v, createScrubber([v], true)).get(v)!;
  // The values held, the longest first (a secret holding another is replaced whole), and their
  // chain: made again only after `hold` changed them, not at every answer.
  let sorted: string[] | undefined;
  let heldChain: Scrubber | undefined;
  const heldValues = () => (sorted ??= [...held, ...others].sort((a, b) => b.length - a.length));
  function hold(value: string, into = held): void {
    // Sent again: the newest (the current token is never the one dropped).
    if (into.delete(value)) return void into.add(value);
    into.add(value);
    sorted = heldChain = undefined;
    // The oldest goes (a Set keeps the order of insertion), with its scrubber.
    for (const t of into)
      if (into.size > 8 /* HELD */) {
        into.delete(t);
        if (!held.has(t) && !others.has(t)) scrubbers.delete(t);
      }
  }
  /**
   * The scrubber of an answer to a call that sent `secrets` (`own`: its scrubber, every rule) with
   * `token`: every value held, then its own secrets, in what is left: a short one glued to a held
   * token (`<token>abc123`) stands on its own once the token is redacted (REVIEW-G G1). Its token
   * first if no longer held: 8 others sent while it was on its way pushed it out (REVIEW-M LOW-4);
   * its own secrets are never held. Then the short secrets sent lately, for an error (not for a 2xx
   * answer read as a file, `ok`, whose headers are scrubbed by `text`).
   */
  function scrubberOf(
    secrets: readonly string[],
    own: () => Scrubber,
    token?: string,
    ok?: boolean,
  ): Scrubber {
    const mine = token && !held.has(token) ? [createScrubber([token], true)] : [];
    let chain: Scrubber;
    if (secrets[0])
      chain = chainScrubbers([
        ...mine,
        ...heldValues()
          .filter((v) => !secrets.includes(v))
          .map(scrubberOfValue),
        own(),
      ]);
    else {
      heldChain ??= chainScrubbers(heldValues().map(scrubberOfValue));
      chain = mine[0] ? chainScrubbers([mine[0], heldChain]) : heldChain;
    }
    if (ok) return chain;
    // (A clock set back keeps one longer: never shorter.)
    const t = now();
    for (const [v, at] of recent)
      if (t - at >= 600_000 /* RECENT_MS */ && recent.delete(v)) lately = undefined;
    if (!recent.size) return chain;
    // (One scrubber a rule for them all: one pass of a string, not one a secret.)
    lately ??= errorsOnly([...recent.keys()]);
    return chainScrubbers([chain, lately]);
  }
  // (A tuple: its names are the caller's to choose, and cost the bundle nothing.)
  return [
    hold,
    /** A call's secrets, as it leaves: the unguessable ones held for every answer, the rest for errors. */
    (secrets: string[]) => {
      for (const value of secrets)
        if (UNGUESSABLE.test(value)) hold(value, others);
        else {
          // Sent again: the newest, from now (the same values: the same scrubber); the oldest of
          // more than 8 goes.
          if (!recent.delete(value)) lately = undefined;
          recent.set(value, now());
          for (const v of recent.keys()) if (recent.size > 8) recent.delete(v);
        }
    },
    scrubberOf,
  ] as const;
}

/** A field name or a verdict word (`user_pause`, `password_check_required`, `limit_24h`). */
const IDENT = /^[A-Za-z_][\w.-]*$/;

/**
 * The short secrets sent lately (`values`), as a scrubber of errors only (never a 2xx answer: it
 * rewrote a profile's e-mail when it did; `mayHold` is false, and a 2xx walk, `data` true, leaves all
 * as is). A wrong password held here may be a word, an e-mail or a CPF the player typed, a code
 * `000000`; so an error's rules (every form: spaced out, cut short, with invisible characters,
 * review 95) only for an unambiguous one (8 characters or more, not only digits), the rule of a
 * 2xx answer's strings for the rest (where it stands as a word of its own: a code `000000` must not
 * turn `2026-12-01T00:00:00Z` or `R$ 1.000.000,00` into `[redacted]`s, review 97); in strings and in
 * keys that are not a field name, never a field name (`email`, `message`, `first_name`: a form lost
 * its field errors, the error its message), a verdict word under `code` or `pam` (the error's
 * class is read from it), nor a number.
 */
const errorsOnly = (values: string[]): Scrubber => {
  // Made when an error first asks (a 2xx answer never does: each sign-in sends its password again).
  let made: Scrubber[] | undefined;
  const text = (t: string) => {
    if (!made) {
      const plain = values.filter((v) => !v[7] || /^\d+$/.test(v));
      made = [
        createScrubber(
          values.filter((v) => !plain.includes(v)),
          true,
        ),
        createScrubber(plain, true),
      ];
    }
    const [full, data] = made;
    return data!.deep(full!.text(t), undefined, true);
  };
  const key = (k: string) => (IDENT.test(k) ? k : text(k));
  const walk = (v: unknown, k?: string): unknown =>
    typeof v !== 'string'
      ? rebuilt(v, walk, key)
      : (k === 'code' || k === 'pam') && IDENT.test(v)
        ? v
        : text(v);
  return { text, mayHold: () => false, deep: (v, _, ok) => (ok ? v : (walk(v) as typeof v)) };
};

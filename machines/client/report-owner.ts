// A report belongs to the login that asked for it (REVIEW-AN AN-1): the user flow's income-report
// calls, each bound to the login it began in (one made while the stored session is read: the login
// the restore lands on, REVIEW-27C R27C-1). One rule for a read whose login ended (FIXREPORT28): it
// is `unauthorized`, as every read in a tab without a login, whether refused before sending or its
// answer landing once that login ended (a sign-out, another player's login in this tab or another:
// dropped, never handed to the next login). The generate is a change: a POST that left before its
// login ended settles by the server's answer (with `type: 'email'` the mail goes), its report kept
// with the player who asked; one not sent yet is `aborted`, nothing sent; one answered while
// another player (or none) holds the tab is `aborted` too, its answer withheld (review 153: the
// report is that player's, its link never on the next one's screen). A report (the object, or
// its id) is its player's: used while another player is signed in (a poll that goes on, a
// download) it is refused before anything is sent, `aborted` (not `unauthorized`: no login of this
// tab's player would make it readable); the same player signed in again reads it (R27C-2). A report
// this client never handed out (the app's own, or one it forgot: ids are kept for the last 16
// reports) passes as before.

import { AbortedError, UnauthorizedError, type UserModule } from 'pam-client';
import type { Owner } from '../session/events';
import { either, type LoginBound, type SentHold, type UserCall } from './outcome';

/**
 * `user` with its income-report calls bound to the login they began in (`bound`, the session's
 * `loginBound`) and each report refused under another login than the one it was handed out to.
 */
export function withReportOwner(
  user: UserModule,
  ownerNow: () => Owner,
  bound: (owner: Owner) => LoginBound,
  /** The generate's signal: its POST that left settles by its answer (`heldWhileSent`). */
  hold: SentHold,
): UserModule {
  const objects = new WeakMap<object, Owner>();
  // Each report's player by its id and by its link (`{ download_url, reference_year }`, what a
  // download takes, picked from a report, is its player's too: review 153).
  const owners = new Map<unknown, Owner>();
  const wrapped: Record<string, unknown> = { ...user };
  // Each call with where it takes its options, and whether it answers a report (kept with its login).
  for (const [name, at, keeps] of [
    ['getAvailableYears', 0],
    ['generateIncomeReport', 1, 2],
    ['getIncomeReportStatus', 1, 1],
    ['downloadIncomeReport', 1],
  ] as const) {
    const call = user[name] as UserCall;
    wrapped[name] = async (...args: unknown[]) => {
      // The login of the report it is about (handed out here: the object, or its id); and the app's
      // signal.
      let known: Owner | undefined;
      let options: Record<string, unknown>;
      let given: unknown;
      try {
        const first = args[0] as { id?: unknown; download_url?: unknown } | undefined;
        known =
          objects.get(first as object) ?? owners.get(first?.id ?? first) ?? owners.get(first?.download_url);
        // (What the module reads of them, read once: `wrapCalls`' rule.)
        const { signal, onStepUp, accessToken } = (args[at] ?? {}) as Record<string, unknown>;
        given = signal;
        options = { onStepUp, accessToken };
      } catch {
        // Unreadable (a getter, a Proxy trap): the call refuses it as it does (`invalid_request`).
        return call(...args);
      }
      // Bound to the login held now. A report of another player: refused before sending (`aborted`),
      // and its answer too. A read whose login ended (before it was sent, or while on its way: its
      // answer dropped) is `unauthorized`, as any read in a tab with no login (the one rule, REVIEW-27C);
      // one the client's stop() ended, `aborted`, as every call then (`loginBound`'s reason: 1 for a login).
      // The generate is a change: a POST that left settles by its answer, its report kept with its
      // login's player; one not sent yet when its login ends is `aborted`, nothing sent (`hold`).
      const owner = ownerNow();
      const login = bound(owner);
      const ended = () => {
        if (known && known.userId !== owner.userId) throw new AbortedError(name, 'call');
        if (keeps !== 2 && login?.signal.reason === 1)
          throw new UnauthorizedError({ status: 401, method: name, path: '(signed out: not sent)' });
      };
      try {
        ended();
        // Sent with the login's end in its signal (none or null: the login's alone, as the adapter reads
        // null as none; a `signal` that is no AbortSignal is passed as given: the call judges it).
        args[at] = {
          ...options,
          signal:
            login && (given ?? login.signal) instanceof AbortSignal
              ? (keeps === 2 ? hold : either)(login.signal, given as AbortSignal | undefined)
              : given,
        };
        const answer = await call(...args);
        if (keeps) {
          // (A report answer: the operation read an object with a numeric id; its link, a string.)
          const { id, download_url: link } = answer as { id: number; download_url?: unknown };
          objects.set(answer as object, owner);
          for (const key of typeof link === 'string' ? [id, link] : [id]) {
            owners.delete(key);
            owners.set(key, owner);
          }
          // (32 keys kept: the last 16 reports at least; the objects weakly, unbound.)
          while (owners.size > 32) owners.delete(owners.keys().next().value);
          // A generate answered once its login ended, another player's login (or none) in the tab
          // now: its report is kept with its player, never handed to this one (review 153: a report
          // ready at once, its link, on the next player's screen). The same player again: handed.
          if (keeps === 2 && ownerNow().userId !== owner.userId)
            throw new AbortedError(name, '(made; its answer withheld: another login)');
        }
        return answer;
      } finally {
        login?.off();
        // (Also after a failure: aborted by the login's end, or any answer once it ended.)
        ended();
      }
    };
  }
  return wrapped as unknown as UserModule;
}

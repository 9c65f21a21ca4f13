// A report belongs to the login that asked for it (REVIEW-AN AN-1): the user flow's income-report
// calls, each bound to the login it began in (one made while the stored session is read: the login
// the restore lands on, REVIEW-27C R27C-1). An answer that lands once that login ended (a sign-out,
// another player's login in this tab or another) is dropped: the call rejects `aborted` (a read:
// nothing to settle), never hands the ended login's report to the next. A report (the object, or
// its id) is its player's: used while another player is signed in (a poll that goes on, a
// download) it is refused before anything is sent, `aborted` too; the same player signed in again
// reads it (R27C-2). A report this client never handed out (the app's own, or one it forgot: ids are
// kept for the last 16 reports) passes as before.

import { AbortedError, type UserModule } from 'pam-client';
import type { Owner } from '../session/events';
import type { LoginBound, UserCall } from './outcome';

/** The last reports' ids kept with their login, whose player they are (the objects weakly, without a bound). */
const IDS_KEPT = 16;

/**
 * `user` with its income-report calls bound to the login they began in (`bound`, the session's
 * `loginBound`) and each report refused under another login than the one it was handed out to.
 */
export function withReportOwner(
  user: UserModule,
  ownerNow: () => Owner,
  bound: (owner: Owner) => LoginBound,
): UserModule {
  const objects = new WeakMap<object, Owner>();
  const ids = new Map<unknown, Owner>();
  const wrapped: Record<string, unknown> = { ...user };
  // Each call with where it takes its options, and whether it answers a report (kept with its login).
  for (const [name, at, keeps] of [
    ['getAvailableYears', 0],
    ['generateIncomeReport', 1, 1],
    ['getIncomeReportStatus', 1, 1],
    ['downloadIncomeReport', 1],
  ] as const) {
    const call = user[name] as UserCall;
    wrapped[name] = async (...args: unknown[]) => {
      // The login of the report it is about (handed out here: the object, or its id); and the app's
      // signal.
      let known: Owner | undefined;
      let options: Record<string, unknown>;
      try {
        const first = args[0] as { id?: unknown } | undefined;
        known = objects.get(first as object) ?? ids.get(first?.id ?? first);
        // (What the module reads of them, read once: `wrapCalls`' rule.)
        const { signal, onStepUp, accessToken } = (args[at] ?? {}) as Record<string, unknown>;
        options = { signal, onStepUp, accessToken };
      } catch {
        // Unreadable (a getter, a Proxy trap): the call refuses it as it does (`invalid_request`).
        return call(...args);
      }
      // Bound to the login held now; that login ended, or the report is another player's: refused
      // before sending; once sent, its answer dropped (a read: nothing to settle).
      const owner = ownerNow();
      const login = bound(owner);
      const ended = () => {
        if (login?.signal.aborted || (known && known.userId !== owner.userId))
          throw new AbortedError(name, 'call');
      };
      try {
        ended();
        // Sent with the login's end in its signal (a `signal` that is no AbortSignal is passed as
        // given: the call refuses it).
        const given = options.signal;
        args[at] = {
          ...options,
          signal:
            given === undefined
              ? login?.signal
              : login && given instanceof AbortSignal && AbortSignal.any
                ? AbortSignal.any([given, login.signal])
                : given,
        };
        const answer = await call(...args);
        ended();
        if (keeps) {
          // (A report answer: the operation read an object with a numeric id.)
          const id = (answer as { id: number }).id;
          objects.set(answer as object, owner);
          ids.delete(id);
          ids.set(id, owner);
          if (ids.size > IDS_KEPT) ids.delete(ids.keys().next().value);
        }
        return answer;
      } finally {
        login?.off();
      }
    };
  }
  return wrapped as unknown as UserModule;
}

// A report belongs to the login that asked for it (REVIEW-AN AN-1): the user flow's income-report
// calls, each bound to the login it began in. An answer that lands once that login ended (a
// sign-out, another player's login in this tab or another) is dropped: the call rejects `aborted`
// (a read: nothing to settle), never hands the ended login's report to the next. A report (the
// object, or its id) obtained under one login and used under another (a poll that goes on, a
// download) is refused before anything is sent, `aborted` too. A report this client never handed
// out (the app's own, or one it forgot: ids are kept for the last 16 reports) passes as before.

import { AbortedError, type UserModule } from 'pam-client';
import type { Owner } from '../session/events';
import { type LoginBound, type UserCall, wrapCalls } from './outcome';

/** The last reports' ids kept with their login (the objects are kept weakly, without a bound). */
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
  // (A report answer: the operations checked it, an object with a numeric id.)
  const keep = (report: { id: number }, owner: Owner) => {
    objects.set(report, owner);
    ids.delete(report.id);
    ids.set(report.id, owner);
    if (ids.size > IDS_KEPT) ids.delete(ids.keys().next().value);
  };
  // Runs `call` with the login's end in its signal (the app's `given` too); `known`: whose the
  // report it is for, when this client handed it out.
  const owned = async (
    name: string,
    known: Owner | undefined,
    given: unknown,
    call: (signal: unknown) => Promise<unknown>,
  ) => {
    const owner = ownerNow();
    if (known && (known.userId !== owner.userId || known.sid !== owner.sid))
      throw new AbortedError(name, 'call');
    const login = bound(owner);
    // (A `signal` that is no AbortSignal is passed as given: the call refuses it.)
    const signal =
      login && (given === undefined || given instanceof AbortSignal)
        ? given && AbortSignal.any
          ? AbortSignal.any([given, login.signal])
          : (given ?? login.signal)
        : given;
    try {
      const answer = await call(signal);
      if (login?.signal.aborted) throw new AbortedError(name, 'call');
      if (name[0] !== 'd' && name !== 'getAvailableYears') keep(answer as { id: number }, owner);
      return answer;
    } finally {
      login?.off();
    }
  };
  const wrapped = wrapCalls(
    user,
    ['generateIncomeReport', 'getIncomeReportStatus', 'getAvailableYears'],
    (original, name, at) =>
      (...args) => {
        const options = args[at] as { signal?: unknown };
        return owned(
          name,
          name === 'getIncomeReportStatus' ? ids.get(args[0]) : undefined,
          options.signal,
          (signal) => {
            args[at] = { ...options, signal };
            return original(...args);
          },
        );
      },
  );
  const download = user.downloadIncomeReport as unknown as UserCall;
  wrapped.downloadIncomeReport = ((report: unknown, options?: { signal?: unknown }) => {
    let known: Owner | undefined;
    let given: unknown;
    try {
      known = objects.get(report as object) ?? ids.get((report as { id?: unknown }).id);
      given = options?.signal;
    } catch {
      // Unreadable (a getter, a Proxy trap): the call refuses it as it does (`invalid_request`).
      return download(report, options);
    }
    return owned('downloadIncomeReport', known, given, (signal) => download(report, { signal }));
  }) as UserModule['downloadIncomeReport'];
  return wrapped;
}

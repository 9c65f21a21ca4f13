// A logout (`logout`), and the end of a login's tokens at the API (`endLogins`: a logout, or a new
// login over one).

import { answer, message } from './answer';
import type { CallSession, ServerParts } from './context';
import type { SessionData } from './cookie';
import { CONTESTED, inWindow, lineageOf, STEPS_ON } from './lineage';
import type { PamLogoutIncomplete } from './types';

/**
 * Ends the login: marked ended (`Rotations.end`: no copy of its cookie is taken again, no token a
 * refresh in flight obtains is sealed), then, once no refresh of it runs here, its newest token
 * and the cookie's own are revoked at the API, and the cookie cleared.
 */
export async function logout(parts: ServerParts, call: CallSession): Promise<Response> {
  // The one rule of every call (relay.ts `authed`): a logout naming a login (`X-Pam-Login`, the
  // browser client's) other than the cookie's (another login signed in since, one a logout or a
  // new login ended, no cookie, garbage) is refused: 401, nothing ended or revoked, the cookie
  // kept (a tab of an older login never ends another player's). The cookie's login past its end
  // (idle) is still its own to end (its lineage, as before). One naming none (a form post, curl)
  // ends the cookie's login, as before.
  // Each logout of the browser client carries its own id and its try's number (`X-Pam-Logout`),
  // kept with the lineage's end mark. A later try naming the very login its cookie carries, ended by
  // the logout of that id: that logout done, its answer lost (review 53: logins sent with the ended
  // cookie were refused, the cookie kept, for `IN_FLIGHT_MS`). Its logins are ended again (a first
  // try cut off between its mark and its revokes, its instance gone: review 55), the cookie
  // cleared, the mark taken. Never another logout of that login, nor an earlier try, late on the
  // wire: a login made since may hold the cookie by then (reviews 54 to 56).
  const named = call.request.headers.get('x-pam-login');
  // (`<id>.<n>`: the logout's id and its try's number, 1 for the first; a bare id is try 0.)
  const [, by = '', n = '0'] =
    /^([\w-]{16,64})(?:\.(\d{1,2}))?$/.exec(call.request.headers.get('x-pam-logout') ?? '') ?? [];
  const carried = call.carried();
  const lineage = carried && lineageOf(carried);
  // (Read only for a cookie whose login is not live: a live one's lineage was never ended. One that
  // cannot be read: ended now, by no logout known (review 61: read as never ended, a stale logout
  // cleared a login made since and walked no successor). Read too for a login read as live whose
  // end could not be read (`unsure`; review 62: read as a first logout, it cleared the cookie of a
  // successor its lineage's mark had sent a login to, and walked none): marked, walked as an ended
  // lineage, the cookie kept; unmarked, a first logout; unreadable, a first logout that walks the
  // steps too before it clears (review 63: a successor's login ended, never left live without its
  // cookie; the store down, the cookie still cleared, REVIEW-P P1).)
  const live = call.session !== null;
  const unsure = live && call.endUnread;
  const until = parts.now() + parts.cookie.absoluteMs;
  // (A try of the browser client's logout takes its number, and the ones before it, in the store's
  // one order, beside the reads (no store deadline more): a try a later one took first never clears
  // the cookie (review 66: a mark read from a replica that lags made a try .2, late on the wire, a
  // later try than .3, which the browser had got the answer of, and it cleared a login made since).)
  const tried =
    lineage && by !== '' && +n > 0 && named === carried.loginId
      ? parts.lineages.tried(lineage, by, +n, until)
      : undefined;
  // (A live login's logout claims its lineage as the first to clear it, beside its reads; the claim
  // is read only when neither its login's end nor the lineage's mark can be: held by another
  // logout, the cookie is kept, a login made since may hold it (review 64); by none (or the store
  // down), cleared (REVIEW-P P1).)
  const first =
    live && lineage && (named === null || named === call.cookieLogin())
      ? parts.lineages.firstClear(lineage, by || '.', until)
      : undefined;
  let unread = false;
  const ended =
    lineage && (!live || unsure)
      ? await parts.lineages.endOf(lineage, { window: true }).catch(() => {
          unread = true;
          return live ? null : { at: parts.now(), by: CONTESTED, n: Number.POSITIVE_INFINITY, win: true };
        })
      : null;
  // (A try sent after the one that marked last: tries leave one after another, each once the one
  // before got no answer. Within `IN_FLIGHT_MS` of the mark: past it, a login sent with the ended
  // cookie may have replaced it since, sign-in.ts; such a try is answered as any other.)
  const again =
    ended !== null &&
    by !== '' &&
    ended.by === by &&
    +n > ended.n &&
    inWindow(ended, call.arrivedAt, 'both') &&
    (await tried) === 'won';
  if (named !== null && named !== call.cookieLogin() && !(again && named === carried?.loginId))
    return message(call, 401, 'Unauthenticated.');
  // (The cookie of a login that is not live: a clearing answer of it may be on the wire, holding its
  // end (`Rotations.clearedFirst`); this logout then keeps the cookie: clearing it first, it let a
  // login with no cookie past that hold (fifty-first pass, `logout-replicas.property`, review 76's
  // kind). Its claim, won, holds the same for that answer. After the refusal above: a call refused
  // claims nothing.)
  const onTheWire = !live && carried !== null && parts.rotations.clearedFirst(carried);
  const ending = call.session ? [call.session] : again ? [carried!] : [];
  // The browser's lineage (lineage.ts), marked ended first, then read: every login of it, those a
  // call in flight made included, ends with this one (REVIEW-S, J(a)); the lineage's copy of the
  // cookie's own login too, when it knows a newer token (a stale cookie, past `graceMs`). A lineage
  // a logout ended before this one is marked again only by a logout that clears (below), or by one
  // of a login read as live (review 63: a login joining that lineage itself, the old mark past its
  // window, was sealed unseen; and the logout's later try was not known as its own).
  // (A first mark's time, until the answer leaves (`close`): the latest it can, so that a mark the
  // store loses meanwhile never opens the window early: a refresh waited for, the revokes, the store.)
  const ahead = parts.now() + 2 * parts.upstream.timeoutMs + 8_000;
  // (A live login's logout over a mark still in its window, another logout's or its own, marks it
  // as nobody's (as two logouts' answers do, review 59): a borrowed id, or a number read from a
  // replica that lags, let a stale try clear a login made since (reviews 65, 66); a later try is
  // then not its logout's own, and the browser waits out the window (review 64). Past the window,
  // as its own, never lowering its own logout's number (reviews 63, 65).)
  const [markBy, markN] = !live
    ? [unread ? CONTESTED : by, +n]
    : ended && inWindow(ended, call.arrivedAt, 'either')
      ? [CONTESTED, Number.POSITIVE_INFINITY]
      : [by, ended?.by === by ? Math.max(+n, ended.n) : +n];
  let walked: string[] = [];
  let blind = false; // a read of the lineage's logins failed
  const stale: Promise<boolean>[] = []; // whether one lagged
  if (lineage) {
    // Every store step best effort (REVIEW-P P1): an end that cannot be read ends the login again.
    // The ends read together: a stalled store costs one deadline (`STORE_MS`), not one per login.
    // When a logout had ended it (or its end is unsure and its mark unread), the steps a login sent
    // with its cookie may have gone on to (a successor, `joinedBy`: the browser kept its cookie,
    // reviews 57, 58), and a full one's next step (`more`, review 59, known once it is read): all
    // eight, marked ended with it, dated ahead as a first mark is and marked again as the answer
    // leaves (review 60), then read with it (as a login joins, then reads the mark): two store
    // deadlines, whatever fails (reviews 60, 61, 63).
    const steps = () => {
      const all: string[] = [];
      for (let next = `${lineage}+`; next.length <= lineage.length + STEPS_ON; next += '+') all.push(next);
      return all;
    };
    const endAll = (lines: string[]) => lines.map((next) => parts.lineages.end(next, until, '', 0, ahead));
    const readAll = (lines: string[]) => Promise.all(lines.map((next) => parts.lineages.members(next)));
    if (ended || (unsure && unread)) walked = steps();
    // (Marked too when its mark could not be read, as nobody's but by a live login's: review 62.)
    await Promise.all([
      (!ended || unread || live) && parts.lineages.end(lineage, until, markBy, markN, ahead),
      ...endAll(walked),
    ]);
    const [first, ...rest] = await readAll([lineage, ...walked]);
    const found = [first!, ...rest].flatMap((step) => step.sessions);
    blind = [first!, ...rest].some((step) => step.unread);
    stale.push(...[first!, ...rest].map((step) => step.stale));
    if (first!.more && !walked.length) {
      walked = steps();
      await Promise.all(endAll(walked));
      for (const step of await readAll(walked)) {
        found.push(...step.sessions);
        blind ||= step.unread;
        stale.push(step.stale);
      }
    }
    const members = found.filter(
      (s, i, all) =>
        !ending.some((e) => e.token === s.token) && all.findIndex((o) => o.token === s.token) === i,
    );
    const done = await Promise.all(
      members.map((s) => !again && parts.rotations.hasEnded(s).catch(() => false)),
    );
    ending.push(...members.filter((_, i) => !done[i]));
  }
  // (A login read as live (or whose end it could not read) takes its end's place in the store's
  // one order as it is ended: another ending came first (another tab's logout, a new login over
  // it), the read was stale or failed, and the browser may hold a login made since (fiftieth pass,
  // `logout-replicas.property`): the cookie is kept.)
  const [later, lagged] = await Promise.all([endLogins(parts, call, ending), Promise.all(stale)]);
  const endedBefore = later.has(call.session?.loginId ?? '');
  // Whether this answer clears the cookie: a first logout's, a try of the logout that ended it, or
  // one with no id (a form post's, curl's: the one way such a browser unlocks at once after a lost
  // answer, review 56) past the window (`IN_FLIGHT_MS`): within it, it may have been in flight
  // across that logout's answer and a login made since hold the cookie (reviews 59, 60); never one
  // with another logout's id.
  const holder = unsure && unread ? await first : null;
  // (Kept for a clearing answer on the wire: its mark dated now as the answer leaves, below, as a
  // clearing logout's is (review 77: left dated ahead, logins with the kept cookie were refused
  // ~100 s).)
  const kept = await onTheWire;
  // (A later try whose claims the store could not take may be the stale one: it keeps the cookie,
  // its login ended, and the browser waits out the window while the store fails (review 73).)
  const claim = await tried;
  // (A logout of an ended login that could not read every login of its lineage keeps the cookie:
  // the browser may hold a login sent with it since (a new login over it), which it did not end
  // (fiftieth pass, `logout-replicas.property`: that login's cookie cleared, the login left live).
  // A login read as live, or whose end it cannot read, is cleared whatever the store does (REVIEW-P
  // P1, the stall properties).)
  const clears =
    !(blind && !live) &&
    !lagged.includes(true) &&
    (again || !endedBefore) &&
    (!ended || again || (by === '' && !inWindow(ended, call.arrivedAt, 'either'))) &&
    claim !== 'lost' &&
    !kept &&
    !(claim === 'unknown' && +n > 1) &&
    (!holder || (by !== '' && (holder === by || holder.startsWith(`${by}:`))));
  // Marked again as the answer leaves, by the logout that clears (or that marked it, a live login's:
  // its own mark dated ahead would lock the browser out ~100 s): a call in flight across it
  // (`IN_FLIGHT_MS`) counts from here, not from the first mark, which slow revokes may have left a
  // minute behind (reviews 54, 56), and a try of an older logout is no longer known as its own (it
  // could clear a login made since). Not awaited: the store's write never holds the answer (the
  // first mark's time is the latest the answer can leave).
  if (lineage && (clears || live || kept))
    void (live
      ? parts.lineages.close(lineage, until, markBy, markN)
      : parts.lineages[ended && !again ? 'end' : 'close'](lineage, until, by, +n));
  for (const next of walked) void parts.lineages.end(next, until);
  // (What this logout decided stands: one that keeps the cookie sets no `Set-Cookie`, whatever the
  // cookie's login (fifty-first pass, `logout-replicas.property`: a form post late on the wire with
  // the cookie of a login past its idle end, after a logout had cleared it and a login with no
  // cookie set another, cleared that one's, the login left live: such a login has no `end:` to read,
  // and the answer was judged as any call's that signs out.)
  if (clears) call.signOut(true);
  else call.keepCookie();
  return answer(call, 204, undefined);
}

/**
 * Ends the logins of `sessions` (a logout, or a new login over one): each marked ended until its
 * absolute end, then, once no refresh of it runs here, its newest token, its own and the cookie's
 * revoked at the API, each once (best effort: unreachable, they die at their expiry), but `keep`
 * (a new login's token). The store's steps are best effort (REVIEW-P P1): one that fails never
 * keeps a token from its revoke. A login whose revoke still failed after the retries is told to
 * the app (`onLogoutIncomplete`), with whether the store recorded its end. Each end takes its
 * place in the store's one order (`Rotations.endsFirst`): the logins another ending came first for.
 */
export async function endLogins(
  parts: ServerParts,
  call: CallSession,
  sessions: readonly SessionData[],
  keep?: string,
): Promise<Set<string>> {
  const tokens = new Map<string, [string, () => void]>();
  const cookie = call.cookieToken();
  const later = new Set<string>();
  await Promise.all(
    sessions.map(async (s) => {
      const until = s.signedInAt + parts.cookie.absoluteMs;
      // (Its claim beside the reads below: no store deadline more.)
      const first = parts.rotations.endsFirst(s, until);
      const recorded = await parts.rotations.end(s, until);
      let told = false;
      const failed = () => {
        if (!told) tell(parts, { loginId: s.loginId, playerId: s.playerId, recorded });
        told = true;
      };
      // The lineage's copy too: a refresh of it the rotations forgot (past `graceMs`, no store).
      // Both read together (one store deadline), their tokens kept in that order.
      const known = [...new Set([s, parts.lineages.latest(s) ?? s])];
      const newest = await Promise.all(
        known.map((k) => parts.rotations.settled(k).catch(() => parts.rotations.latestLocal(k))),
      );
      known.forEach((k, i) => {
        for (const token of [newest[i]!.token, k.token]) tokens.set(token, [newest[i]!.tokenType, failed]);
      });
      // The cookie's token, with its own login's scheme.
      if (cookie !== null && s.loginId === call.carried()?.loginId) tokens.set(cookie, [s.tokenType, failed]);
      if ((await first) === false) later.add(s.loginId);
    }),
  );
  tokens.delete(keep ?? '');
  await Promise.all([...tokens].map(([token, [type, failed]]) => call.revoke(token, type, failed)));
  return later;
}

/** The app's `onLogoutIncomplete` told (its throw or rejection goes nowhere: the logout stands). */
function tell(parts: ServerParts, event: PamLogoutIncomplete): void {
  try {
    Promise.resolve(parts.onLogoutIncomplete?.(event)).catch(() => {});
  } catch {}
}

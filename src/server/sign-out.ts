// A logout (`logout`), and the end of a login's tokens at the API (`endLogins`: a logout, or a new
// login over one).

import { answer, message } from './answer';
import type { CallSession, ServerParts } from './context';
import type { SessionData } from './cookie';
import { lineageOf } from './lineage';
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
  // Each logout of the browser client carries its own id (`X-Pam-Logout`, on every try), kept with
  // the lineage's end mark. A try naming the very login its cookie carries, ended by the logout of
  // that id: that logout done, its answer lost (review 53: logins sent with the ended cookie were
  // refused, the cookie kept, for `IN_FLIGHT_MS`). Its logins are ended again (a first try cut off
  // between its mark and its revokes, its instance gone: review 55) and the cookie cleared, the
  // mark left as it is. Never another logout of that login, late on the wire (another tab's, a
  // try of one that never reached here): a login made since may hold the cookie by then (reviews
  // 54, 55).
  const named = call.request.headers.get('x-pam-login');
  const by = /^[\w-]{16,64}$/.exec(call.request.headers.get('x-pam-logout') ?? '')?.[0] ?? '';
  const carried = call.carried();
  const lineage = carried && lineageOf(carried);
  const ended = lineage ? await parts.lineages.endOf(lineage).catch(() => null) : null;
  const again = ended !== null && by !== '' && ended.by === by;
  if (named !== null && named !== call.cookieLogin() && !(again && named === carried?.loginId))
    return message(call, 401, 'Unauthenticated.');
  const ending = call.session ? [call.session] : again ? [carried!] : [];
  // The browser's lineage (lineage.ts), marked ended first, then read: every login of it, those a
  // call in flight made included, ends with this one (REVIEW-S, J(a)); the lineage's copy of the
  // cookie's own login too, when it knows a newer token (a stale cookie, past `graceMs`). A lineage
  // a logout ended before this one is not marked again (its window, `IN_FLIGHT_MS`, stays its own),
  // and only its own try clears the cookie: any other is answered as a copy of an ended login is.
  const until = parts.now() + parts.cookie.absoluteMs;
  if (lineage) {
    if (!ended) await parts.lineages.end(lineage, until, by);
    // Every store step best effort (REVIEW-P P1): an end that cannot be read ends the login again.
    // The ends read together: a stalled store costs one deadline (`STORE_MS`), not one per login.
    const members = (await parts.lineages.members(lineage)).filter(
      (s, i, all) =>
        !ending.some((e) => e.token === s.token) && all.findIndex((o) => o.token === s.token) === i,
    );
    const done = await Promise.all(
      members.map((s) => !again && parts.rotations.hasEnded(s).catch(() => false)),
    );
    ending.push(...members.filter((_, i) => !done[i]));
  }
  await endLogins(parts, call, ending);
  // Marked again as the answer leaves: a call in flight across it (`IN_FLIGHT_MS`) counts from
  // here, not from the mark above, which slow revokes may have left a minute behind (review 54).
  if (lineage && !ended) await parts.lineages.end(lineage, until, by);
  call.signOut(!ended || again);
  return answer(call, 204, undefined);
}

/**
 * Ends the logins of `sessions` (a logout, or a new login over one): each marked ended until its
 * absolute end, then, once no refresh of it runs here, its newest token, its own and the cookie's
 * revoked at the API, each once (best effort: unreachable, they die at their expiry), but `keep`
 * (a new login's token). The store's steps are best effort (REVIEW-P P1): one that fails never
 * keeps a token from its revoke. A login whose revoke still failed after the retries is told to
 * the app (`onLogoutIncomplete`), with whether the store recorded its end.
 */
export async function endLogins(
  parts: ServerParts,
  call: CallSession,
  sessions: readonly SessionData[],
  keep?: string,
): Promise<void> {
  const tokens = new Map<string, [string, () => void]>();
  const cookie = call.cookieToken();
  await Promise.all(
    sessions.map(async (s) => {
      const recorded = await parts.rotations.end(s, s.signedInAt + parts.cookie.absoluteMs);
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
    }),
  );
  tokens.delete(keep ?? '');
  await Promise.all([...tokens].map(([token, [type, failed]]) => call.revoke(token, type, failed)));
}

/** The app's `onLogoutIncomplete` told (its throw or rejection goes nowhere: the logout stands). */
function tell(parts: ServerParts, event: PamLogoutIncomplete): void {
  try {
    Promise.resolve(parts.onLogoutIncomplete?.(event)).catch(() => {});
  } catch {}
}

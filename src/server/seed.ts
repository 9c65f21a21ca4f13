// The session as the server renders it: one profile read with the cookie's token, giving the
// player, the restrictions with their status, and the seed the browser client starts from.

import { missingMandatoryLimits } from '../responsible-gaming/mandatory';
import { restrictionsOf } from '../responsible-gaming/restrictions';
import { accountStanding, exclusionsAnswered } from '../responsible-gaming/standing';
import type { AuthUser } from '../schemas/auth';
import { readNumber } from '../schemas/common';
import type { CallSession, ServerParts } from './context';
import type { SessionData } from './cookie';
import { MAX_SKEW_MS, parseHttpDate } from './http-date';
import { NestedTooDeep, scrubTokens, stripTokens } from './strip';
import type { PamServerRestrictions, PamSessionSeed } from './types';
import { callApi, UpstreamUnreachable } from './upstream';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Restrictions of one read judged at `readAt` (the server's own clock: `readSeed`): `current` only when every field was readable,
 * every exclusion flag answered (`exclusionsAnswered`) and the account's standing known
 * (`accountStanding`); `canBet` only then, and never for an account not open (`accountBlocked`
 * then; fail closed). The session's rule too (`sessionRestrictionsOf`, pam-client/machines).
 */
export function serverRestrictions(
  user: unknown,
  userInfo: Record<string, unknown>,
  readAt: number,
): PamServerRestrictions {
  const r = restrictionsOf(userInfo, readAt, user);
  const answered = exclusionsAnswered(userInfo);
  const standing = accountStanding(user);
  const status = r.known && answered && standing !== 'unknown' ? 'current' : 'unknown';
  // No play time is counted here: an active time limit of 0 (reached in any period), or one that
  // names no amount or period, bars betting (the browser client's view bars it too).
  const time = r.limits.time;
  return {
    ...r,
    accountBlocked: r.accountBlocked || standing !== 'open',
    canBet:
      status === 'current' &&
      standing === 'open' &&
      r.canBet &&
      !(time.active && !(time.amount && time.period)),
    status,
    checkedAt: readAt,
    missingMandatoryLimits: missingMandatoryLimits(userInfo, readAt),
  };
}

/** The same JSON text (key order included: scrubbing keeps it). */
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Whether what is shown (`shown`, scrubbed) reads as what was judged: the same `userInfo` but for
 * token fields, the same `user.id` and `user.cancelled_account`. When the scrubbing changed any of
 * them (a value of userInfo that spells a token), the shown data and the judgement could disagree.
 */
function judgedAsShown(
  user: Record<string, unknown>,
  userInfo: Record<string, unknown>,
  shown: { user: Record<string, unknown>; userInfo: Record<string, unknown> },
): boolean {
  return (
    same(stripTokens(userInfo), shown.userInfo) &&
    same(user.id, shown.user.id) &&
    same(user.cancelled_account, shown.user.cancelled_account)
  );
}

/** Restrictions no longer vouched for: unknown, never free to bet (fail closed). */
const unjudged = (r: PamServerRestrictions): PamServerRestrictions => ({
  ...r,
  status: 'unknown',
  canBet: false,
});

const SIGNED_OUT: PamSessionSeed = {
  status: 'signedOut',
  user: null,
  userInfo: null,
  readAt: null,
  loginId: null,
  expiresAt: null,
};

/** A session whose profile could not be read (or whose store failed: REVIEW-P P4): the client reads it itself. */
export const unavailableSeed = (parts: ServerParts, s: SessionData): SeedRead => ({
  initial: {
    ...SIGNED_OUT,
    loginId: s.loginId,
    expiresAt: s.signedInAt + parts.cookie.absoluteMs,
    status: 'unavailable',
  },
  player: null,
  restrictions: null,
});

export interface SeedRead {
  initial: PamSessionSeed;
  player: AuthUser | null;
  restrictions: PamServerRestrictions | null;
}

/**
 * Reads the profile for the call's session (refreshing first when due). Taken only when its player
 * is the session's (`user.id` = the login's player id; else signed out, the cookie cleared). The
 * player, the standing and the restrictions are judged on the read as sent; the seed and the
 * player shown are scrubbed of the session's secrets (string values only); when that changed
 * `userInfo`, `user.id` or `user.cancelled_account`, the restrictions are unknown (canBet false),
 * and when it cannot be done (`ScrubFailure`) the seed is unavailable, but for an answer nested
 * too deep (`NestedTooDeep`): signed in, without userInfo, the restrictions unknown.
 */
export async function readSeed(parts: ServerParts, call: CallSession): Promise<SeedRead> {
  const signedOut = { initial: SIGNED_OUT, player: null, restrictions: null };
  // A page read from another site never refreshes (R30-4): a token due is not read with; the
  // browser client's own read (same-origin) refreshes it.
  if (call.passive && call.due()) return unavailableSeed(parts, call.session!);
  if (!(await call.keepFresh()) || !call.session) return signedOut;
  const send = () => {
    const s = call.session!;
    return callApi(parts.upstream, {
      method: 'GET',
      target: parts.profilePath,
      token: { value: s.token, type: s.tokenType },
      request: call.request,
      context: call.context,
    });
  };
  const s = call.session;
  const unavailable = unavailableSeed(parts, s);
  const base = { loginId: s.loginId, expiresAt: unavailable.initial.expiresAt };
  try {
    let up = await send();
    if (up.status === 401 && (await call.replaced())) up = await send();
    if (up.status === 401) {
      call.signOut();
      return signedOut;
    }
    if (await parts.rotations.hasEnded(s)) return signedOut; // a logout ended the login meanwhile
    // The profile's own token fields (`user.token`); one the server would not hold: unavailable.
    if (call.hunt(up.json) === null) return unavailable;
    // Every judgement (the player, the standing, the restrictions) is made on the read as the API
    // sent it; only what is shown is scrubbed.
    const body = up.json;
    if (up.status !== 200 || !isRecord(body) || !isRecord(body.user) || !isRecord(body.userInfo))
      return unavailable;
    if (s.playerId === null || readNumber(body.user.id) !== s.playerId) {
      call.signOut();
      return signedOut;
    }
    const now = parts.now();
    const header = up.headers.get('date');
    const date = parseHttpDate(header);
    // The seed's readAt is the API's time of the read (the browser's clock learns the API's time);
    // the server render is judged at the server's own clock, the API's Date only checked against it.
    const readAt = date ?? now;
    const agreed = header === null || (date !== undefined && Math.abs(date - now) <= MAX_SKEW_MS);
    // The page's cookie decided before anything is scrubbed: it learns the tokens it seals (P).
    await call.cookieLine();
    // Judged on the read as sent; everything shown (the player, the seed, the restrictions with
    // their notes: every field derived from the answer) is scrubbed after the derivation, and a view
    // the scrubbing changed is not vouched for (review 10, O: an exclusion note held the token).
    const judged = serverRestrictions(body.user, body.userInfo, now);
    let shown: { user: AuthUser; userInfo: Record<string, unknown>; restrictions: PamServerRestrictions };
    let vouched = agreed;
    try {
      shown = scrubTokens(
        { user: body.user, userInfo: body.userInfo, restrictions: judged },
        call.tokens(),
        undefined,
        call.dropped,
      ) as typeof shown;
    } catch (error) {
      // ScrubFailure: nothing of this read is shown. Nested deeper than the proxy walks (REVIEW-M
      // LOW-2), the player is still the session's (checked above): signed in, as the browser
      // client stays, shown as far as can be (else by id alone), nothing of userInfo, the
      // restrictions unknown (canBet false) until a read the proxy can pass on.
      if (!(error instanceof NestedTooDeep)) return unavailable;
      let user = { id: s.playerId } as AuthUser;
      try {
        const scrubbed = scrubTokens(body.user, call.tokens(), undefined, call.dropped) as AuthUser;
        if (scrubbed.id === s.playerId) user = scrubbed;
      } catch {
        // The player cannot be shown either: by id alone.
      }
      shown = { user, userInfo: {}, restrictions: serverRestrictions(user, {}, now) };
      vouched = false;
    }
    vouched &&= judgedAsShown(body.user, body.userInfo, shown) && same(judged, shown.restrictions);
    // The player's id as it was judged (the schemas' reading: "7" is 7), never as the API wrote
    // it: the browser client's seed check takes a number only (REVIEW-P P12).
    const player = { ...shown.user, id: s.playerId };
    return {
      initial: { status: 'signedIn', user: player, userInfo: shown.userInfo, readAt, ...base },
      player,
      restrictions: vouched ? shown.restrictions : unjudged(shown.restrictions),
    };
  } catch (error) {
    if (error instanceof UpstreamUnreachable) return unavailable;
    throw error;
  }
}

// The session as the server renders it: one profile read with the cookie's token, giving the
// player, the restrictions with their status, and the seed the browser client starts from.

import { missingMandatoryLimits } from '../responsible-gaming/mandatory';
import { restrictionsOf } from '../responsible-gaming/restrictions';
import { accountStanding, exclusionsAnswered } from '../responsible-gaming/standing';
import type { AuthUser } from '../schemas/auth';
import { readNumber } from '../schemas/common';
import type { CallSession, ServerParts } from './context';
import { scrubTokens } from './strip';
import type { PamServerRestrictions, PamSessionSeed } from './types';
import { callApi, UpstreamUnreachable } from './upstream';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Restrictions of one read at server time `readAt`: `current` only when every field was readable,
 * every exclusion flag answered (`exclusionsAnswered`) and the account's standing known
 * (`accountStanding`); `canBet` only then, and never for an account not open (`accountBlocked`
 * then; fail closed). The session's rule too (`sessionRestrictionsOf`, pam-client/machines).
 */
export function serverRestrictions(
  user: unknown,
  userInfo: Record<string, unknown>,
  readAt: number,
): PamServerRestrictions {
  const r = restrictionsOf(userInfo, readAt);
  const answered = exclusionsAnswered(userInfo);
  const standing = accountStanding(user);
  const status = r.known && answered && standing !== 'unknown' ? 'current' : 'unknown';
  return {
    ...r,
    accountBlocked: r.accountBlocked || standing !== 'open',
    canBet: status === 'current' && standing === 'open' && r.canBet,
    status,
    checkedAt: readAt,
    missingMandatoryLimits: missingMandatoryLimits(userInfo),
  };
}

const SIGNED_OUT: PamSessionSeed = {
  status: 'signedOut',
  user: null,
  userInfo: null,
  readAt: null,
  loginId: null,
  expiresAt: null,
};

export interface SeedRead {
  initial: PamSessionSeed;
  player: AuthUser | null;
  restrictions: PamServerRestrictions | null;
}

/**
 * Reads the profile for the call's session (refreshing first when due). Taken only when its player
 * is the session's (`user.id` = the login's player id; else signed out, the cookie cleared); every
 * token value the call held is scrubbed from it.
 */
export async function readSeed(parts: ServerParts, call: CallSession): Promise<SeedRead> {
  const signedOut = { initial: SIGNED_OUT, player: null, restrictions: null };
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
  const base = {
    loginId: s.loginId,
    expiresAt: s.signedInAt + parts.cookie.absoluteMs,
  };
  const unavailable = {
    initial: { ...SIGNED_OUT, ...base, status: 'unavailable' as const },
    player: null,
    restrictions: null,
  };
  try {
    let up = await send();
    if (up.status === 401 && (await call.replaced())) up = await send();
    if (up.status === 401) {
      call.signOut();
      return signedOut;
    }
    const body = scrubTokens(up.json, call.tokens());
    if (up.status !== 200 || !isRecord(body) || !isRecord(body.user) || !isRecord(body.userInfo))
      return unavailable;
    if (s.playerId === null || readNumber(body.user.id) !== s.playerId) {
      call.signOut();
      return signedOut;
    }
    const date = Date.parse(up.headers.get('date') ?? '');
    const readAt = Number.isFinite(date) ? date : parts.now();
    const user = body.user as AuthUser;
    const userInfo = body.userInfo;
    return {
      initial: { status: 'signedIn', user, userInfo, readAt, ...base },
      player: user,
      restrictions: serverRestrictions(user, userInfo, readAt),
    };
  } catch (error) {
    if (error instanceof UpstreamUnreachable) return unavailable;
    throw error;
  }
}

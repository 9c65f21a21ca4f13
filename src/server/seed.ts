// The session as the server renders it: one profile read with the cookie's token, giving the
// player, the restrictions with their status, and the seed the browser client starts from.

import { missingMandatoryLimits } from '../responsible-gaming/mandatory';
import { restrictionsOf } from '../responsible-gaming/restrictions';
import type { AuthUser } from '../schemas/auth';
import type { CallSession, ServerParts } from './context';
import { stripTokens } from './strip';
import type { PamServerRestrictions, PamSessionSeed } from './types';
import { callApi, UpstreamUnreachable } from './upstream';

/** A profile read that does not answer every exclusion flag says nothing about them: unknown. */
const EXCLUSION_FIELDS = ['spa_exclusion', 'operator_exclusion', 'user_exclusion'] as const;

/**
 * Restrictions of one read at server time `readAt`: `current` only when every field was readable
 * and every exclusion flag answered; `canBet` only then (fail closed).
 */
export function serverRestrictions(userInfo: Record<string, unknown>, readAt: number): PamServerRestrictions {
  const r = restrictionsOf(userInfo, readAt);
  const answered = EXCLUSION_FIELDS.every((k) => k in userInfo);
  const status = r.known && answered ? 'current' : 'unknown';
  return {
    ...r,
    canBet: status === 'current' && r.canBet,
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

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads the profile for the call's session (refreshing first when due). */
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
    const body = stripTokens(up.json);
    if (up.status !== 200 || !isRecord(body) || !isRecord(body.user) || !isRecord(body.userInfo))
      return unavailable;
    const date = Date.parse(up.headers.get('date') ?? '');
    const readAt = Number.isFinite(date) ? date : parts.now();
    const user = body.user as AuthUser;
    const userInfo = body.userInfo;
    return {
      initial: { status: 'signedIn', user, userInfo, readAt, ...base },
      player: user,
      restrictions: serverRestrictions(userInfo, readAt),
    };
  } catch (error) {
    if (error instanceof UpstreamUnreachable) return unavailable;
    throw error;
  }
}

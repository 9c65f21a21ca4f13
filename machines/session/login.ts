// The login flow: the login child (loginMachine: login or registration, with the two-factor step)
// as the session runs it. Commands are boxed (a password or captcha token is a Secret from here
// on), the child's answers go through the vault, and its progress is copied for the view.

import { type AuthUser, isValidCpf, type LoginResponse, type LoginSuccess } from 'pam-client';
import { asPamError } from 'pam-client/internal';
import { documentText } from '../../src/schemas/typed-text';
import { box, boxCaptcha, boxRegistration, withoutUserToken } from '../login/request';
import { MAX_REJECTED_CODES, otherEmail } from '../loginMachine';
import { servicesOf } from './context';
import { drawLoginId, nextCounter } from './order';
import type { AcceptedRestriction } from './profile-services';
import { detached, expiryOf } from './refresh';
import { type RevokeSeams, revokeToken } from './revoke';
import { type ExpiryClock, readClock, service } from './store';
import type { ClockReading, PendingCommand, SessionContext, SessionServices, Vault } from './types';

/**
 * A login answer as the login child outputs it: its token is a vault handle, and it is stamped
 * (`issued`), with the clock as read when it arrived (`reading`: the refresh cycle starts at it).
 */
export type SealedLogin = LoginSuccess & {
  issued?: { at: number; sid: number };
  reading?: ClockReading;
  /** The restriction kept for the player when it arrived (`SessionInput.kept`, the profile flow's). */
  kept?: AcceptedRestriction | null;
};

/**
 * What stamps a login answer: the clock (server time) and the random source of login ids; the
 * session's services (`vaultedAuthOf`) are also the seams its revokes are sent again on.
 */
type Stamp = Pick<ExpiryClock, 'serverNow'> & Partial<ExpiryClock & RevokeSeams> & { random: () => number };

/** A login call as the session makes it (its payload, then its options). */
type LoginCall = (payload: never, options?: { signal?: AbortSignal }) => Promise<LoginResponse>;

/**
 * `auth` with `auth.login` and `auth.registerSimplified` (each when it has one) made by `call` and
 * sealed for the login child: the answer's access token goes into the vault and the child sees
 * (and outputs) only its handle; `user.token` is dropped.
 */
function sealedAuth(
  auth: SessionServices['auth'],
  vault: Vault,
  stamp: Stamp,
  call: (key: 'login' | 'registerSimplified') => LoginCall,
  /** The session's counter when the login started (`drawLoginId`): none, 0. */
  after?: number,
): SessionServices['auth'] {
  // The player a two-factor challenge named, by the login it was for (review 115): a sign-in of that
  // login naming another player is not taken (its token revoked, never vaulted; the login child
  // refuses it: `otherPlayer`).
  const challenged = new Map<unknown, unknown>();
  const seal = (response: LoginResponse, payload?: unknown): LoginResponse => {
    // (A registration's is its e-mail, the login its code step then sends: review 117.)
    const sent = payload as { login?: unknown; email?: unknown } | undefined;
    const login = sent?.login ?? sent?.email;
    const named = response.user?.id;
    if (response.type === 'two_factor_code' && !challenged.has(login) && Number.isSafeInteger(named))
      challenged.set(login, named);
    const other =
      !response.type &&
      ((challenged.has(login) && named !== challenged.get(login)) ||
        // A registration signed in as another account (review 149).
        (sent?.email !== undefined && otherEmail(response.user?.email, sent.email)));
    // When the answer arrived (server time: the clock has just learned from this answer), and
    // the new login's id: stamped here (an actor), so the session's transitions stay pure. The id
    // is random, so two logins of one instant still differ.
    const reading = readClock({ clock: null, now: stamp.serverNow, ...stamp });
    // An answer that signs no one in (a challenge, a cancelled account, as the login child reads
    // them), or with no time to stamp the login with: its token, the API's grant, revoked (REVIEW-O
    // O-19), never kept. (One the reader refuses never gets here: the auth module revokes its
    // token before it throws, src/auth `granted`, REVIEW-Q Q-3.)
    if (reading.error || response.type || response.user?.cancelled_account === true || other)
      revokeToken(auth, taken(response), stamp as RevokeSeams);
    // No time to stamp the login with (its life would start at 0: over at once): it fails, typed.
    if (reading.error) throw reading.error;
    const r = withoutUserToken(response) as LoginResponse & { access_token?: unknown };
    const issued = { at: reading.serverAt, sid: drawLoginId(stamp.random, after) };
    // With the restriction kept for the player (`kept`: the session's services' own, so `this`),
    // read here, an actor (the session's transitions read no store): in the first signed-in view (AB-2).
    const out: Record<string, unknown> = {
      ...r,
      issued,
      reading,
      kept: (stamp as SessionServices).kept?.(r.user?.id, reading.serverAt),
    };
    if (typeof r.access_token === 'string') out.access_token = other ? undefined : vault.put(r.access_token);
    return out as LoginResponse;
  };
  const sealed: Record<string, unknown> = { ...auth };
  // Only when the client registers (the registration flow): without it, a registration fails closed.
  for (const key of ['login', 'registerSimplified'] as const)
    if (auth[key])
      sealed[key] = async (payload: never, options?: object) =>
        seal(await call(key)(payload, options), payload);
  return service(sealed as unknown as SessionServices['auth']);
}

/**
 * `auth.login` and `auth.registerSimplified` for the login child: the answer's access token goes
 * into the vault and the child sees (and outputs) only its handle; `user.token` is dropped.
 *
 * @internal A test seam (test/session/counters.test.ts; CONTRIBUTING.md): the session's login child
 * seals its answers through `sealedAuth` (above).
 */
export const vaultedAuth = (
  auth: SessionServices['auth'],
  vault: Vault,
  stamp: Stamp,
): SessionServices['auth'] => sealedAuth(auth, vault, stamp, (key) => auth[key] as LoginCall);

/** The login child's snapshot, as far as the session reads it. */
export type LoginChildSnapshot = {
  value: unknown;
  context: {
    error: unknown;
    retryAt: number | null;
    rejectedCodes: number;
    login?: unknown;
    carried?: number;
  };
};

/**
 * The login progress as the session keeps it: also the login of the challenge in progress (`who`)
 * and the codes rejected in it (`rejected`), and, from a resend of that login until its login child
 * starts, those codes to carry over (`carry`). None of them reaches the view.
 */
type Progress = SessionContext['login'] & { who?: unknown; rejected?: number; carry?: number };

const NO_PROGRESS = { retryAt: null, codeAttemptsLeft: null } as const;

/**
 * The login child's auth: its answers' tokens into the vault (`vaultedAuth`), and a login or
 * registration the child gives up on (a logout, a cancel, another tab's session taken meanwhile)
 * not cut off but left to answer (`detached`), its token then revoked: the server may have granted
 * it already, and no tab will ever use it.
 */
export const vaultedAuthOf = (context: SessionContext) => {
  const s = servicesOf(context);
  return sealedAuth(
    s.auth,
    s.vault,
    s,
    (key) => (payload, options) =>
      detached(
        () => (s.auth[key] as LoginCall)(payload),
        options?.signal,
        (answer) => revokeToken(s.auth, taken(answer), s),
      ),
    // The login id drawn after the session's counter now (`drawLoginId`, REVIEW-AC AC-2).
    context.clock,
  );
};

/**
 * A login answer's `access_token`, taken off it: whichever of the seal (an answer that signs no one
 * in) and a late answer's revoke comes first revokes it, the other finds none.
 */
const taken = (answer: { access_token?: unknown }): unknown => {
  const t = answer.access_token;
  delete answer.access_token;
  return t;
};

/** A session command as the login child's event (a login is its SUBMIT; a registration is the same). */
export const toChild = (command: PendingCommand) =>
  command.type === 'REGISTER' ? command : { ...command, type: 'SUBMIT' as const };

/** The login child's state, as the session's status. */
export const childIs =
  (state: string) =>
  ({ event }: { event: { snapshot?: { value: unknown } } }) =>
    event.snapshot?.value === state;

type Rec = Record<string, unknown>;

/**
 * A command with its secrets boxed (the password, the two-factor code, the captcha token; a
 * registration's in its payload, with the value of every key a registration does not take:
 * `boxRegistration`, FIXTOK29), whatever door it came through (`client.login`, `client.state.send`,
 * the developer door, the session itself): a `Secret` from here on (a captcha provider stays one),
 * before any actor or inspector (a raw `system.inspect` too) sees the event. A password or code
 * that is no string is boxed as none (refused as no string, `invalid_type`, nothing sent, no crash).
 */
export function boxCommand<E extends object>(event: E): E;
export function boxCommand(e: Rec): Rec {
  const o = boxRegistration(e, /^(type|login|appSource|at)$/, 'captchaToken');
  if (e.type === 'REGISTER') o.payload = boxRegistration(e.payload, /^(email|app_source|optIn)$/);
  return o;
}

/** A login or registration starts: no error, no progress yet (but the codes a resend carries over). */
export const flowStarted = {
  error: null,
  signedOutReason: null,
  login: ({ context }: { context: { login: Progress } }): Progress => ({
    ...NO_PROGRESS,
    carry: context.login.carry,
  }),
} as const;

/**
 * A login as the payload sends it, told apart as the server tells logins apart: trimmed, a CPF (a
 * valid one, as `isValidCpf` reads it) as its digits (`529.982.247-25` and `52998224725` are one
 * login), anything else case folded (an e-mail in any case is one login); a non-string as it is.
 * The partition of `loginAsSent` (the payload's; not reachable from here: the internal entry is
 * full), case folded: test/session/resend-login-spelling.property holds them equal.
 */
const sentForm = (login: unknown) => {
  if (typeof login !== 'string') return login;
  const t = login.trim();
  // (Its digits as isValidCpf reads them, full-width or Arabic-Indic too: REVIEW-AF AF-1.)
  // (Anything else without its invisible characters, as `loginAsSent` sends it: review 133.)
  return isValidCpf(t)
    ? documentText(t)
    : t
        .replace(/[\p{Cf}\p{DI}]/gu, '')
        .trim()
        .toLowerCase();
};

/**
 * A login at the code step (REVIEW-Q Q-2): a resend of the challenge's own login (compared as sent,
 * `sentForm`: `529.982.247-25` then `52998224725` is the same login) carries its rejected codes over
 * (the server keeps counting them: the five cannot be had again by resending); another login starts
 * from none. A flow that ended (signed in, cancelled, failed, signed out) never gets here. The
 * session's login child starts with `carry` (its input's `carried`).
 */
export const resent = ({ context, event }: { context: SessionContext; event: object }) => ({
  login: {
    ...context.login,
    carry:
      sentForm((context.login as Progress).who) === sentForm((event as { login?: unknown }).login)
        ? (context.login as Progress).rejected
        : 0,
  },
});

/** The login child moved: its error, its 429 wait and the codes left, copied for the view. */
export function loginProgress(s: LoginChildSnapshot | undefined): Partial<SessionContext> {
  if (!s) return {};
  const twoFactor = s.value === 'twoFactorRequired' || s.value === 'verifyingTwoFactor';
  const rejected = (s.context.carried ?? 0) + s.context.rejectedCodes;
  const login: Progress = {
    retryAt: s.context.retryAt,
    codeAttemptsLeft: twoFactor ? Math.max(0, MAX_REJECTED_CODES - rejected) : null,
    who: twoFactor && s.context.login,
    rejected,
  };
  const { error } = s.context;
  return { error: error == null ? null : asPamError(error), login };
}

/** Signed in by a login (or registration) answer: a new session, one more on the tabs' clock. */
export function signedInFrom(context: SessionContext, output: SealedLogin): Partial<SessionContext> {
  const seq = nextCounter(context.clock);
  // Stamped by `vaultedAuth` when it arrived (an answer without its stamp does not sign in): the
  // session starts then, in server time (its token is in the vault, written by `writeSession`).
  const { at, sid } = output.issued as { at: number; sid: number };
  const userInfo = output.userInfo as unknown as Record<string, unknown> | undefined;
  const id = output.user?.id;
  return {
    savedAt: at,
    expiresAt: expiryOf(output.expires_in, at),
    timeBase: 'server',
    tokenType: typeof output.token_type === 'string' && output.token_type ? output.token_type : 'Bearer',
    userId: typeof id === 'number' ? id : null,
    seq,
    sid,
    clock: seq,
    user: (output.user as AuthUser | undefined) ?? null,
    userInfo: userInfo ?? null,
    userInfoAt: userInfo ? at : null,
    // Unknown until the profile flow says (it reads them from this answer, then from the profile).
    restrictions: null,
    error: null,
    login: { ...NO_PROGRESS },
  };
}

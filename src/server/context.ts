// One server's parts and the per-call session bookkeeping every route shares: the session read
// from the cookie, kept fresh (refresh when due), and the one `Set-Cookie` the answer carries.

import { isHeaderSafeToken } from '../schemas/common';
import {
  asSessionData,
  type CookieSettings,
  clearCookieLine,
  isSessionToken,
  readCookie,
  type Sealer,
  type SessionData,
  sessionEndsAt,
  sessionSecrets,
  setCookieLine,
} from './cookie';
import type { Lineages } from './lineage';
import type { RefreshedToken, Rotations } from './rotation';
import type { Route } from './routes';
import { authSecretsOf, droppedTokensOf, fieldsOf } from './strip';
import type { PamRequestContext, PamServerOptions } from './types';
import { callApi, type UpstreamDeps, UpstreamUnreachable } from './upstream';

export interface ServerParts {
  prefix: string;
  origins: readonly string[] | undefined;
  routes: Route[];
  cookie: CookieSettings;
  sealer: Sealer;
  rotations: Rotations;
  lineages: Lineages;
  upstream: UpstreamDeps;
  refreshAfterMs: number;
  maxBodyBytes: number;
  now: () => number;
  refreshPath: string;
  logoutPath: string;
  profilePath: string;
  onLogoutIncomplete: PamServerOptions['onLogoutIncomplete'];
}

/**
 * The earlier secrets of `session` a refresh answer bringing secrets of `fields` leaves standing:
 * those of another field (a `user.token` when only the refresh token rotated). One of the same
 * field, or of no known field (a cookie sealed before `fields`), is replaced: a call still
 * carrying the old cookie hunts it (its own session), within `graceMs` (review 10, Q: earlier
 * secrets piled up across refreshes, and past 8 every call answered 502).
 */
function carriedSecrets(session: SessionData, fields: string): [string, string][] {
  const secrets = session.secrets ?? [];
  const known = session.fields ?? '';
  return secrets
    .map((value, i): [string, string] => [value, known[i] ?? '-'])
    .filter(([, field]) => fields === '' || (field !== '-' && !fields.includes(field)));
}

/** How many times a revoke the API failed is sent again (`revoke`): 3 sends in all at most. */
const REVOKE_RETRIES = 2;
/** The 4xx that ask for a request again later (408, 425, 429): no verdict on a revoke. */
const AGAIN = [408, 425, 429];

/**
 * The wait before the `retry`th resend of a failed revoke (0, 1): 0.5 s, then 2 s, ±10 %, so
 * instances that failed together do not resend together. The core's backoff (`backoffDelay(retry,
 * { baseMs: 500, factor: 4, maxMs: 2000, jitter: 0.2 })`) written out: importing src/http/waiting
 * here moved it to a chunk of its own in the build, and the core's bundle grew 127 B gzip
 * (test/server/logout-revoke-retry.test.ts pins the two equal).
 */
export const revokeRetryMs = (retry: number, random: () => number = Math.random): number =>
  Math.round(Math.min(2000, 500 * 4 ** retry) * (0.9 + 0.2 * random()));

/** Re-seal the cookie when the session was last sealed longer ago than this (the idle clock). */
const TOUCH_MS = 60_000;

/** One call's session: what the cookie held, what the answer's cookie will hold. */
export class CallSession {
  /** The session in use (null: signed out). */
  session: SessionData | null = null;
  private sealedAt: number | null = null;
  /** The token the cookie carried, as received. */
  private readToken: string | null = null;
  private hadCookie = false;
  /** When the call began (its cookie read). */
  arrivedAt = 0;
  /** The session the cookie opened, whatever its state (ended, expired): its lineage is the browser's. */
  private opened: SessionData | null = null;
  /** The session the cookie held, past its end (idle, absolute) but ended by no logout or new login. */
  private lapsed: SessionData | null = null;
  /**
   * A logout's load (`ending`) could not read whether the cookie's login ended (`end:`): read as
   * live, to be ended again, but maybe ended already, its browser signed in again since (review 62).
   */
  endUnread = false;
  /** This call ended the login itself (a logout): its answer clears the cookie whatever the mark. */
  private endedHere = false;
  private cleared = false;
  private fresh = false;
  /**
   * Every token this call has held (read, refreshed, replaced, sealed) and the token fields of the
   * auth answers it read (`hunt`): scrubbed from its answers.
   */
  private readonly held = new Set<string>();
  /** Other token-named keys' values its answers held (`droppedTokensOf`): hunted verbatim, never sealed. */
  readonly dropped = new Set<string>();
  /** An auth answer of this call held a token the server would not hold (`hunt`): no API data goes out. */
  private refused = false;
  /**
   * The secrets the proxy sent in this call (`secretValuesOf` of the payload as sent: a row's schema
   * accepted it, at most `MAX_SECRETS` / `MAX_SECRET_CHARS`: REVIEW-Z Z-3): scrubbed from its answers
   * as the core's adapter scrubs them (REVIEW-W W-1: an API's echo of the password was relayed).
   */
  readonly sent: string[] = [];
  /**
   * The answer's `Set-Cookie` line once decided (`cookieLine`), until the session changes: the
   * line is decided, and every token it seals learned, before any body is scrubbed (`answer`).
   */
  private line: { at: number; value: string | null } | undefined;
  /**
   * A page read from another site (`getSession` of a request `fromElsewhere`: a sibling's `<img>`,
   * a cross-site link): the session is read, never kept alive by it. No refresh, and a line sealed
   * only to carry a successor, with the cookie's own `seenAt`: the idle end never moves (R30-4).
   */
  passive = false;
  /**
   * A page's render (`getSession`): it never clears the cookie (review 76). Its `Set-Cookie` may
   * never reach the browser (a server component's is dropped), and one that does, late, could clear
   * a login another tab made meanwhile; the browser client's own read of the session clears it, its
   * answer holding the login's end (`Rotations.endedBefore`).
   */
  page = false;
  /** Counts the changes of the session (`use`, `abandon`, `signOut`): a decided line stands until one. */
  private changes = 0;
  /** What the call held before a login began in it (`begin`), restored by `abandon`. */
  private before: { session: SessionData | null; cleared: boolean } | null = null;

  constructor(
    readonly parts: ServerParts,
    readonly request: Request,
    readonly context: PamRequestContext | undefined,
  ) {}

  /**
   * Reads the cookie: a cookie that does not open, an ended session, or a login a logout ended
   * (any copy of its cookie, however old) reads as signed out (and is cleared). A store that
   * fails fails the call (nothing is served on a login that may have ended), but a logout's
   * (`ending`): it reads the login as live, and ends it whatever the store does (REVIEW-P P1); an
   * end it cannot read is told (`endUnread`: the logout reads its lineage as maybe ended).
   */
  async load(ending = false): Promise<void> {
    this.arrivedAt = this.parts.now(); // a clock that reads no time refuses the call before anything is sent (P9)
    const raw = readCookie(this.request.headers.get('cookie'), this.parts.cookie.name);
    if (raw === undefined || raw === '') return;
    this.hadCookie = true;
    const session = asSessionData(await this.parts.sealer.open(raw));
    this.opened = session;
    const read = <T>(step: Promise<T>, or: T): Promise<T> => (ending ? step.catch(() => or) : step);
    const unread = () => {
      this.endUnread = true;
      return false;
    };
    if (
      !session ||
      (await (ending
        ? this.parts.rotations.hasEnded(session).catch(unread)
        : this.parts.rotations.hasEnded(session)))
    ) {
      this.signOut();
      return;
    }
    const now = this.parts.now();
    if (sessionEndsAt(session, this.parts.cookie, now) <= now) {
      this.signOut();
      this.lapsed = session;
      // Idle or past its absolute end, with its token still live at the API (until its own
      // expiry): revoked here (review 10, J(b)). Not when the token was replaced (a fresher copy
      // of the cookie holds its successor: a stale copy must not end that session), nor a login
      // a logout ended (revoked by it), nor an expired token (dead already).
      if (session.tokenExpiresAt <= now) return;
      const newest = await read(this.parts.rotations.newest(session), session);
      if (newest.token === session.token) await this.revoke(session.token, session.tokenType);
      return;
    }
    this.sealedAt = session.seenAt;
    this.readToken = session.token;
    this.learn(session);
    this.use(this.parts.rotations.latestLocal(session, (s) => this.learn(s)));
  }

  /**
   * The session's secrets this call knows: the tokens it has held and the auth answers' token
   * fields (`hunt`). No answer body carries any of them, in any form.
   */
  tokens(): Set<string> {
    return this.held;
  }

  /**
   * Adds the token fields of an auth answer (a login, a registration, the profile read, the
   * refresh: `authSecretsOf`, four at most) to the secrets hunted in this call's answers, and
   * returns them; every other value its token-named keys hold to `dropped` (hunted verbatim; too
   * many: as a field that cannot be hunted). A field holding a token the server would not hold
   * (`authSecretsOf` throws) cannot be hunted: null, the call `unholdable` (no answer of the API's
   * goes out of it). `checked`: a login or refresh answer (its caller judges its `access_token`).
   */
  hunt(answer: unknown, checked = false): string[] | null {
    try {
      const secrets = authSecretsOf(answer, checked);
      for (const secret of secrets) this.held.add(secret);
      droppedTokensOf(answer, this.dropped);
      return secrets;
    } catch {
      this.refused = true;
      return null;
    }
  }

  /** Whether an auth answer of this call held a token that could not be hunted (`hunt`). */
  get unholdable(): boolean {
    return this.refused;
  }

  /** Hunts `session`'s token and secrets in this call's answers. */
  private learn(session: SessionData): void {
    this.held.add(session.token);
    for (const secret of session.secrets ?? []) this.held.add(secret);
  }

  private use(session: SessionData): void {
    this.learn(session);
    this.session = session;
    this.changes++;
  }

  /**
   * A new login: this session is sealed into the answer, once that answer is the login's success
   * (`answer` seals it only with the body it was given, cleaned; any other answer `abandon`s it).
   */
  begin(session: SessionData): void {
    this.before = { session: this.session, cleared: this.cleared };
    this.use(session);
    this.cleared = false;
    this.fresh = true;
  }

  /**
   * The login begun in this call is not answered (its answer could not be cleaned, or the call
   * failed after it): no cookie of it is set, and the session the cookie held stands as it was.
   * Its tokens stay hunted in this call's answer.
   */
  abandon(): void {
    if (!this.fresh || !this.before) return;
    this.session = this.before.session;
    this.cleared = this.before.cleared;
    this.fresh = false;
    this.before = null;
    this.changes++;
  }

  /** The token of the login begun in this call and not abandoned (`begin`), if any. */
  begun(): string | undefined {
    return this.fresh ? this.session?.token : undefined;
  }

  /**
   * Signed out, the cookie left as it is (no `Set-Cookie`): an answer that, late on the wire, could
   * clear a login made since. A login refused over a clearing answer of its cookie still on the
   * wire (`Rotations.clearedFirst`, which clears it as it lands: review 75); a logout that keeps
   * the cookie (sign-out.ts).
   */
  keepCookie(): void {
    this.session = null;
    this.cleared = false;
    this.changes++;
  }

  /**
   * Signed out: the answer clears the cookie, but in a call of a login that ended while it ran
   * (`decideLine`); `ending`: this call ends the login itself (a logout), and clears it always.
   */
  signOut(ending = false): void {
    this.session = null;
    this.cleared = true;
    this.endedHere ||= ending;
    this.changes++;
  }

  /**
   * The session the call's cookie opened, live or not (ended by a logout or a new login, idle,
   * past its end): the lineage of the browser that sent the call (lineage.ts). Null: no cookie
   * that opens.
   */
  carried(): SessionData | null {
    return this.opened;
  }

  /** The login the cookie holds, live or past its end, never one a logout or new login ended. */
  cookieLogin(): string | undefined {
    return (this.session ?? this.lapsed)?.loginId;
  }

  /** The token the cookie carried (null without a session cookie that opened). */
  cookieToken(): string | null {
    return this.readToken;
  }

  /**
   * Revokes `token` at the API. The first send is awaited; one the API failed (a 5xx, a 3xx, no
   * answer) is sent again, detached (no answer waits for it: review rj10 LOW-2), at most
   * `REVOKE_RETRIES` times after `revokeRetryMs`, until a 2xx or a 4xx (which is never sent again).
   * Best effort: still failing, or the process gone meanwhile, the token dies at its expiry.
   * `failed` is called when the last send failed too (a logout's `onLogoutIncomplete`).
   */
  async revoke(token: string, type: string, failed?: () => void): Promise<void> {
    this.parts.rotations.forget(token);
    if (await this.revokeOnce(token, type)) return;
    void (async () => {
      for (let retry = 0; retry < REVOKE_RETRIES; retry++) {
        await new Promise((resolve) => setTimeout(resolve, revokeRetryMs(retry)));
        if (await this.revokeOnce(token, type)) return;
      }
      failed?.();
    })();
  }

  /**
   * One logout of `token` at the API: true when it answered 2xx or a 4xx (done, or never to be)
   * but 408, 425 and 429, which ask for it again later (REVIEW-K 2).
   */
  private async revokeOnce(token: string, type: string): Promise<boolean> {
    try {
      const { status } = await callApi(this.parts.upstream, {
        method: 'POST',
        target: this.parts.logoutPath,
        token: { value: token, type },
        request: this.request,
        context: this.context,
      });
      return (status >= 200 && status < 300) || (status >= 400 && status < 500 && !AGAIN.includes(status));
    } catch {
      return false; // no answer (unreachable, timed out, an impossible status): sent again
    }
  }

  /**
   * Refreshes the token when due: `refreshAfterMs` after it was obtained, or at three quarters of
   * its lifetime when that comes first (REVIEW-P L5: a 5-minute token died before a 6 h refresh
   * point, its cookie with it). False when the session ended (the refresh route said 401).
   */
  async keepFresh(): Promise<boolean> {
    const s = this.session;
    if (!s) return false;
    if (!this.due()) return true;
    const outcome = await this.parts.rotations.refresh(
      s,
      (token) => this.refreshCall(token, s.tokenType, s),
      (token) => this.revoke(token, s.tokenType),
    );
    if (outcome.kind === 'revoked') {
      this.signOut();
      return false;
    }
    if (outcome.kind === 'rotated') {
      this.use(outcome.session);
      this.parts.lineages.rotated(outcome.session);
    }
    return true;
  }

  /** Whether the session's token is due for a refresh (`keepFresh`); false without a session. */
  due(): boolean {
    const s = this.session;
    return (
      !!s &&
      this.parts.now() - s.tokenAt >=
        Math.min(this.parts.refreshAfterMs, 0.75 * (s.tokenExpiresAt - s.tokenAt))
    );
  }

  /** After a 401 with the current token: the newer session if the token was replaced meanwhile. */
  async replaced(): Promise<SessionData | null> {
    if (!this.session) return null;
    const newest = await this.parts.rotations.newest(this.session);
    if (newest.token === this.session.token) return null;
    this.use(newest);
    return newest;
  }

  /**
   * The `Set-Cookie` line for the answer, if any: always the newest session known. Decided once
   * (until the session changes: `use`, `begin`, `abandon`, `signOut`) and BEFORE the body is
   * scrubbed: finding that session is where a call learns the tokens another call's refresh
   * produced while it was in flight (every successor met, here or in the store, is hunted), so
   * the body is scrubbed of every token its cookie seals (review 10, P). The caller sets the line
   * only once the body went out clean (`answer`).
   */
  async cookieLine(): Promise<string | null> {
    if (this.line?.at === this.changes) return this.line.value;
    const at = this.changes;
    const value = await this.decideLine();
    this.line = { at, value };
    return value;
  }

  private async decideLine(): Promise<string | null> {
    const { parts } = this;
    if (!this.session) {
      if (!this.cleared || !this.hadCookie || (this.page && this.opened !== null)) return null;
      // A copy of a login a logout or a new login ended (another call ended it while this one ran,
      // or before it arrived): no Set-Cookie at all, however old. The ending answer cleared or
      // replaced the cookie, and a `Max-Age=0` here could delete a newer login's, set since (review
      // 10, R; forty-third pass; forty-fifth: a stale read or a wrong password's refusal cleared a
      // login another page made after the logout; forty-sixth: two copies met past `IN_FLIGHT_MS`,
      // the first clearing, a login, the second clearing that). A copy the browser kept (the
      // logout's answer lost) locks nothing: it reads as signed out, and a login sent with it
      // `IN_FLIGHT_MS` after the logout joins that lineage's successor (sign-in.ts). Only the logout
      // that ended it clears it (`endedHere`).
      const opened = this.opened;
      // (Checked against the store's one order too (`endedBefore`): a read of `end:` from a replica
      // that lags let a tab's poll, answered 401 with the token a new login revoked, clear that
      // login's cookie; fiftieth pass, `logout-replicas.property`.)
      const endedMeanwhile =
        !this.endedHere && opened !== null && (await parts.rotations.endedBefore(opened));
      return endedMeanwhile ? null : clearCookieLine(parts.cookie);
    }
    const session = this.session;
    // Only a session with no successor is sealed: a replaced token never goes out again.
    const newest = this.fresh ? session : await parts.rotations.newest(session, (s) => this.learn(s));
    this.learn(newest);
    const now = parts.now();
    // A passive call never touches the idle clock: its line only carries a successor, seen when the cookie was.
    const stale = !this.passive && (this.sealedAt === null || now - this.sealedAt >= TOUCH_MS);
    if (!this.fresh && !stale && newest.token === this.readToken) return null; // the cookie sent is current
    // (A passive call's seen time is the cookie's, never a successor's later one; without one, the
    // oldest known, the login's, never now: PROBE32 P2. `load` sets it with any session read.)
    const sealed: SessionData = {
      ...newest,
      seenAt: this.passive ? (this.sealedAt ?? newest.signedInAt) : now,
    };
    const line = setCookieLine(
      parts.cookie,
      await parts.sealer.seal(sealed),
      sessionEndsAt(sealed, parts.cookie, now),
      now,
    );
    // A login a logout ended while this call ran (checked last, once the seal is done): nothing
    // set (the logout's answer cleared the cookie; a later login's cookie is left alone).
    return !this.fresh && (await parts.rotations.hasEnded(newest)) ? null : line;
  }

  private async refreshCall(
    token: string,
    type: string,
    earlier: SessionData,
  ): Promise<RefreshedToken | 'revoked' | 'failed'> {
    try {
      const answer = await callApi(this.parts.upstream, {
        method: 'POST',
        target: this.parts.refreshPath,
        token: { value: token, type },
        request: this.request,
        context: this.context,
      });
      const found = this.hunt(answer.json, true);
      const next = (answer.json as { access_token?: unknown } | undefined)?.access_token;
      const ok = answer.status >= 200 && answer.status < 300;
      // The login's rule (`sessionSecrets`): the new access token is always sealed; the answer's
      // other secrets (a rotated refresh token first) give way when the cookie cannot hold them
      // all. Those left out are hunted in this call only (`hunt`). The answer's own secrets replace
      // the session's earlier ones (rotated: a call still carrying the old cookie hunts them,
      // within `graceMs`); the earlier ones are carried on only when it brings none (an API that
      // does not rotate them): they never pile up across refreshes (review 10, Q).
      if (ok && found && isSessionToken(next)) {
        const own = found.filter((s) => s !== next);
        const ownFields = fieldsOf(answer.json, own);
        const carried = carriedSecrets(earlier, ownFields);
        const secrets = sessionSecrets(next, [...own, ...carried.map(([value]) => value)]);
        const field = new Map([...own.map((v, i) => [v, ownFields[i]!] as const), ...carried]);
        const life = (answer.json as { expires_in?: unknown }).expires_in; // (As the login's: seconds.)
        const lifeMs = typeof life === 'number' && life > 0 && life < 1e10 ? life * 1000 : undefined;
        return { token: next, secrets, fields: secrets.map((v) => field.get(v) ?? '-').join(''), lifeMs };
      }
      // Any other answer carrying a token (a failed status, 401 included: review 10, N; a token the
      // login would refuse too: isSessionToken, or an answer holding a token that cannot be
      // hunted; each one an answer read as unreadable names, a key twice: review 110): that token
      // is never left live: revoked when it can be sent, as the login's.
      for (const t of new Set([next, ...(answer.granted ?? [])]))
        if (isHeaderSafeToken(t) && t !== token) await this.revoke(t, type);
      // The session ends: its token is revoked too (best effort: the API refused to refresh it,
      // which need not mean it refuses it elsewhere), never left live behind a signed-out cookie.
      if (answer.status === 401) {
        await this.revoke(token, type);
        return 'revoked';
      }
      return 'failed';
    } catch (error) {
      if (error instanceof UpstreamUnreachable) return 'failed';
      throw error;
    }
  }
}

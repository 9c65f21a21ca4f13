// The model test's network: the in-process reference server (no socket: a socket cannot fake a
// clock, so this is the stated exception to "real sockets"), with a `Date` header the test
// controls, profile answers carrying the model's truth, and the faults the commands ask for (API
// down, failing or hanging reads, slow answers, a skewed or outlying `Date`). Every answer a tab
// receives is recorded with the TRUE server time it was produced at.

import { createReferenceFetch, type ReferenceFetch } from 'pam-client/testing';
import { cloneTruth, type PlayerTruth, type ReadRecord, restrictionFields } from './truth';

/** The wrong password the step-up commands type. */
export const WRONG_PASSWORD = 'not-the-password';
/** A `Date` that is no server's time (a proxy glitch): year 2100. */
export const OUTLIER_DATE = Date.UTC(2100, 0, 1);

export const PROFILE_PATH = '/auth/user-profile';

/** One answer a tab received. */
export interface Answer {
  path: string;
  status: number;
  /** The `Date` header was an outlier. */
  outlier: boolean;
  /** True server time the answer was produced. */
  at: number;
  /** Device-clock generation when it arrived (a step or a sleep starts a new one). */
  epoch: number;
}

/** A password the client sent as `password_check`. */
export interface PasswordSend {
  userId: number | null;
  at: number;
  wrong: boolean;
  /** Answered 401: the server refused its token before it read the password (the lock counts what it checked). */
  unchecked?: true;
}

/** What the network does now (the commands set it). */
export interface NetFaults {
  /** Every request fails like a dead API or a CORS error (a TypeError). */
  down: boolean;
  /** The next profile reads answer 503. */
  profileFails: number;
  /** The next profile reads never answer (until aborted). */
  profileHangs: number;
  /** Every answer arrives this late (simulated ms). */
  delayMs: number;
  /** Added to every `Date` header (within the header's own resolution, a balancer's nodes). */
  dateSkewMs: number;
  /** The next answers carry an outlying `Date`. */
  outliers: number;
  /** Which answers the outliers hit: any, or only profile reads. */
  outlierOn: 'any' | 'profile';
}

/** Who asks: the tab's index and its session's player and login now. */
export interface Asker {
  index: number;
  /** This client's own key (a reloaded tab is a new client). */
  key: number;
  userId(): number | null;
  sid(): number | null;
  /** Whether the client's clock is trusted now (none: trusted). */
  trusted?(): boolean;
}

export interface NetHooks {
  trueNow(): number;
  epoch(): number;
  truthOf(userId: number): PlayerTruth | undefined;
}

const isPlayerRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The model's network over one reference server. */
export class ModelNet {
  readonly kit: ReferenceFetch;
  faults: NetFaults = {
    down: false,
    profileFails: 0,
    profileHangs: 0,
    delayMs: 0,
    dateSkewMs: 0,
    outliers: 0,
    outlierOn: 'any',
  };
  /** Per client key: the answers received, oldest first. */
  readonly answers = new Map<number, Answer[]>();
  /** Per client key: its latest profile read's outcome. */
  readonly lastProfile = new Map<
    number,
    {
      ok: boolean;
      outlier: boolean;
      at: number;
      order: number;
      sid: number | null;
      epoch: number;
      /** The asker's clock was trusted when the read was sent. */
      sentTrusted: boolean;
    }
  >();
  /** Every read that reached a tab (profile and login answers), in arrival order. */
  readonly reads: ReadRecord[] = [];
  readonly passwords: PasswordSend[] = [];
  /** Every access token the server handed out, and whose it is (a login's player; a refresh's, the token it replaced). */
  readonly owners = new Map<string, number>();
  /** Requests being answered in-process (settle waits for them; timers hold the rest). */
  readonly inflight = new Set<Promise<unknown>>();
  /** Per client key: its profile reads sent and not yet answered (an answer held by `delayMs`). */
  readonly reading = new Map<number, number>();
  private produced = 0;

  constructor(private readonly hooks: NetHooks) {
    this.kit = createReferenceFetch({ now: () => hooks.trueNow() });
  }

  fetchFor(asker: Asker): typeof fetch {
    return (input, init) => this.request(asker, input, init);
  }

  private async request(asker: Asker, input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const isRead =
      (init?.method ?? 'GET').toUpperCase() === 'GET' &&
      new URL(String(input instanceof Request ? input.url : input)).pathname === PROFILE_PATH;
    if (!isRead) return this.answer(asker, input, init);
    this.reading.set(asker.key, (this.reading.get(asker.key) ?? 0) + 1);
    try {
      return await this.answer(asker, input, init);
    } finally {
      this.reading.set(asker.key, (this.reading.get(asker.key) ?? 1) - 1);
    }
  }

  private async answer(asker: Asker, input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const path = url.pathname;
    const signal = init?.signal ?? undefined;
    const password = this.notePassword(asker, init?.body);
    const isProfile = method === 'GET' && path === PROFILE_PATH;
    // (A profile read that fails so leaves the tab no latest read: stale is its due, as on a 503.)
    if (this.faults.down) {
      if (isProfile) this.lastProfile.delete(asker.key);
      throw new TypeError('fetch failed: the API is down (model)');
    }
    const sentTrusted = asker.trusted?.() ?? true;
    if (isProfile && this.faults.profileHangs > 0) {
      this.faults.profileHangs--;
      return hang(signal);
    }
    const at = this.hooks.trueNow();
    const order = ++this.produced;
    const outlier = this.faults.outliers > 0 && (isProfile || this.faults.outlierOn === 'any');
    if (outlier) this.faults.outliers--;
    const sidAtSend = asker.sid();
    let response: Response;
    if (isProfile && this.faults.profileFails > 0) {
      this.faults.profileFails--;
      response = new Response(JSON.stringify({ message: 'Service unavailable.' }), {
        status: 503,
        headers: { 'content-type': 'application/json' },
      });
    } else {
      const work = this.kit(input, init);
      this.inflight.add(work);
      try {
        response = await work;
      } finally {
        this.inflight.delete(work);
      }
    }
    const text = await response.text();
    if (password && response.status === 401) password.unchecked = true;
    this.noteToken(text, bearerOf(input, init));
    const { body, read } = this.withTruth(text, at, order, asker);
    const headers = new Headers(response.headers);
    const dateMs = outlier ? OUTLIER_DATE : at + this.faults.dateSkewMs;
    headers.set('date', new Date(Math.floor(dateMs / 1000) * 1000).toUTCString());
    const answer = new Response(response.status === 204 ? null : body, { status: response.status, headers });
    Object.defineProperty(answer, 'url', { value: url.href });
    await this.later(this.faults.delayMs, signal);
    const epoch = this.hooks.epoch();
    const list = this.answers.get(asker.key) ?? [];
    list.push({ path, status: response.status, outlier, at, epoch });
    this.answers.set(asker.key, list);
    // A read counts once its reader may take it: an answer for another player than the reader's
    // session (a token another tab just stored) is dropped by the reader, and known to nobody.
    const reader = asker.userId();
    if (read && (reader === null || reader === read.userId)) this.reads.push(read);
    if (isProfile) {
      this.lastProfile.set(asker.key, {
        ok: response.status === 200,
        outlier,
        at,
        order,
        sid: sidAtSend,
        epoch,
        sentTrusted,
      });
    }
    return answer;
  }

  /** The body with the model's truth in `userInfo` (profile and login answers), and the read it is. */
  private withTruth(
    text: string,
    at: number,
    order: number,
    asker: Asker,
  ): { body: string; read: ReadRecord | null } {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { body: text, read: null };
    }
    if (!isPlayerRecord(json) || !isPlayerRecord(json.userInfo) || !isPlayerRecord(json.user)) {
      return { body: text, read: null };
    }
    const userId = Number(json.user.id);
    const truth = this.hooks.truthOf(userId);
    if (!truth) return { body: text, read: null };
    json.userInfo = { ...json.userInfo, ...restrictionFields(truth) };
    return {
      body: JSON.stringify(json),
      read: { userId, at, order, truth: cloneTruth(truth), tab: asker.index, key: asker.key },
    };
  }

  /** A token in an answer: a login's is its `user`'s; a refresh's, the player of the token it was sent with. */
  private noteToken(text: string, bearer: string | null): void {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return;
    }
    if (!isPlayerRecord(json) || typeof json.access_token !== 'string') return;
    const owner = isPlayerRecord(json.user)
      ? Number(json.user.id)
      : bearer
        ? this.owners.get(bearer)
        : undefined;
    if (owner !== undefined) this.owners.set(json.access_token, owner);
  }

  private notePassword(asker: Asker, body: unknown): PasswordSend | undefined {
    if (typeof body !== 'string' || !body.includes('password_check')) return;
    try {
      const parsed = JSON.parse(body) as { password_check?: unknown };
      if (typeof parsed.password_check !== 'string') return;
      const send: PasswordSend = {
        userId: asker.userId(),
        at: this.hooks.trueNow(),
        wrong: parsed.password_check === WRONG_PASSWORD,
      };
      this.passwords.push(send);
      return send;
    } catch {
      // not JSON: no password in it
    }
  }

  private later(ms: number, signal: AbortSignal | undefined): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason ?? new DOMException('aborted', 'AbortError'));
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      if (signal?.aborted) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}

/** The bearer token a request was sent with. */
function bearerOf(input: RequestInfo | URL, init?: RequestInit): string | null {
  const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
  return headers.get('authorization')?.replace(/^Bearer\s+/i, '') ?? null;
}

/** A request nobody answers: only an abort (the adapter's timeout, a stop) ends it. */
function hang(signal: AbortSignal | undefined): Promise<Response> {
  return new Promise((_resolve, reject) => {
    if (signal?.aborted) reject(signal.reason);
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

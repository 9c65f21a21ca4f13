/** Public types of the reference server (`pam-client/testing`). */

/** What the Node server and the in-process fetch share. */
export interface ReferenceOptions {
  /** Lifetime of an access token in seconds (`expires_in`). Default 8 h. */
  tokenTtlSeconds?: number;
  /** How long an income report stays in each of status 1 and 2. Default 1500 ms. */
  reportStepMs?: number;
  /** The server's clock, for token expiry, report progress and limit changes. Default `Date.now`. */
  now?: () => number;
}

export interface ReferenceServerOptions extends ReferenceOptions {
  /** Default 0 (a free port). */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
}

export interface ReferenceFetchOptions extends ReferenceOptions {
  /**
   * Where the in-process server "lives": requests under it are answered, others reject like an
   * unreachable host. Absolute (default 'http://pam.test') or, in a browser, a path such as '/api'.
   */
  baseURL?: string;
}

/** One request as the server received it. */
export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. '/bff/users/login-history'. */
  path: string;
  /** Path with the query string exactly as sent, e.g. '/bff/users/login-history?page=2'. */
  url: string;
  query: Record<string, string>;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  /** Parsed JSON body, the raw text when it is not JSON, undefined when empty. */
  body: unknown;
  /** Server clock (`now()`) when it arrived. */
  at: number;
}

/**
 * A fault the reference server injects: which requests it matches and how it answers them.
 *
 * @example
 * server.faults.add({ path: '/auth/login', status: 503 });
 */
export interface FaultSpec {
  /** Match the method; any when absent. */
  method?: string;
  /** Match the path (no query string): exact string or a RegExp. */
  path: string | RegExp;
  /** Answer with this status instead of the real handler. Absent: only delay, then the real handler. */
  status?: number;
  /** Answer body: a string is sent raw (see contentType), anything else as JSON. */
  body?: unknown;
  /** Default 'application/json' for non-strings, 'text/html' for strings. */
  contentType?: string;
  headers?: Record<string, string>;
  /** Wait this long (ms, real time) before answering. */
  delayMs?: number;
  /** Never answer (the socket stays open until the client gives up or the server closes). */
  hang?: boolean;
  /**
   * Drop the connection without an answer: the client sees a network error (the Node server
   * destroys the socket; the in-process fetch rejects with a TypeError, as `fetch` does offline).
   */
  drop?: boolean;
  /** Apply this many times, then disappear. Default: until removed. */
  times?: number;
}

/**
 * The reference server's fault injection.
 *
 * @example
 * const remove = server.faults.add({ path: '/users/refresh-token', status: 500 });
 */
export interface Faults {
  /** Adds a fault; the newest matching fault wins. Returns a function that removes it. */
  add(fault: FaultSpec): () => void;
  /** Removes every fault. */
  clear(): void;
}

/**
 * One seeded player of the reference server, with the credentials its tests log in with.
 *
 * @example
 * const { email, password } = server.seed.plain;
 */
export interface SeedAccount {
  id: number;
  email: string;
  /** CPF, digits only; login also accepts the formatted form 000.000.000-00. */
  cpf: string;
  password: string;
  /** Present on the two-factor account: the code it accepts. */
  twoFactorCode?: string;
}

/**
 * The reference server's seeded players, one per situation a test needs.
 *
 * @example
 * await client.login({ login: server.seed.twoFactor.email, password: server.seed.twoFactor.password });
 */
export interface SeedAccounts {
  /** A plain, active user. */
  plain: SeedAccount;
  /** Login answers `type: 'two_factor_code'` until the code is sent. */
  twoFactor: SeedAccount;
  /** Login answers `type: 'cancelled_account'`. */
  cancelled: SeedAccount;
  /** Paused for 7 days since 2 days ago (`user_pause*`): may sign in, may not bet. */
  paused: SeedAccount;
  /** Self-excluded for 6 months since 10 days ago (`user_exclusion*`); login still works. */
  selfExcluded: SeedAccount;
  /**
   * In the SPA register of barred players: every profile fetch with `check_spa_again=1` answers
   * `spa_exclusion: 1` with its date and note, on every day.
   */
  spaBarred: SeedAccount;
  /** Daily deposit limit 100, with a pending raise to 500 effective 12 hours after the seed. */
  pendingLimit: SeedAccount;
  /** A time limit of 1 minute a day (`user_limit_time: 1`, active, daily). */
  timeLimit: SeedAccount;
  /** Excluded by the operator since 3 days ago (`operator_exclusion: 1`, with a note); login works. */
  operatorExcluded: SeedAccount;
}

/** The controls a test holds, on the Node server and on the in-process fetch alike. */
export interface ReferenceControls {
  /** Every request received since start or the last `reset()`, oldest first. */
  requests: RecordedRequest[];
  faults: Faults;
  seed: SeedAccounts;
  /** Makes every issued access token expired (the next authenticated call answers 401). */
  expireTokens(): void;
  /** Issues a valid token for a seed user without a login request (not recorded). */
  issueToken(userId: number): string;
  /**
   * Adds a CPF to the SPA register of barred players (or removes it with `false`): the next
   * profile fetch with `check_spa_again=1` of that player shows it. `reset()` restores the seed.
   */
  setSpaBarred(cpf: string, barred?: boolean): void;
  /** Back to the seed state: users, tokens, reports, throttling, faults and the request log. */
  reset(): void;
}

export interface ReferenceServer extends ReferenceControls {
  /** e.g. 'http://127.0.0.1:54321' (no trailing slash). */
  url: string;
  /** Stops listening and destroys open sockets, including hung ones. */
  close(): Promise<void>;
}

/** A `fetch` answered in-process by the reference server, with the server's controls on it. */
export interface ReferenceFetch extends ReferenceControls {
  (input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  /** The base URL it answers under, without a trailing slash (pass it to `createPamClient`). */
  baseURL: string;
}

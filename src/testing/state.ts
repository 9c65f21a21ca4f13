// Everything the reference server remembers between requests, and the clock it reads.

import { cpfDigits } from './cpf';
import { randomToken } from './random';
import type { LoginHistoryItem, ReportRecord, TokenRecord, UserRecord } from './records';
import { SEED_SPA_REGISTER, SEEDED_HISTORY_PER_USER, SPA_NOTE, seedHistory, seedUsers } from './seed';
import { saoPauloTime } from './time';

export interface StateConfig {
  now: () => number;
  tokenTtlSeconds: number;
  reportStepMs: number;
}

/** Login throttling: after this many failures within the window, answer 429. */
export const MAX_LOGIN_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** The `Retry-After` a throttled login gets, and how long after the last failure the lock holds. */
export const LOGIN_RETRY_AFTER_S = 60;

export class ServerState {
  users = new Map<number, UserRecord>();
  tokens = new Map<string, TokenRecord>();
  reports = new Map<number, ReportRecord>();
  history: LoginHistoryItem[] = [];
  /** Failed login times by normalized login (lower-cased e-mail or CPF digits). */
  loginFailures = new Map<string, number[]>();
  /** The SPA register of barred players (CPF digits) the profile check reads. */
  spaRegister = new Set<string>();
  /** The server's own base URL, known once it listens (for `download_url`). */
  baseUrl = '';
  private nextUserId = 1;
  private nextReportId = 1;
  private nextHistoryId = 1;

  constructor(readonly config: StateConfig) {
    this.reset();
  }

  now(): number {
    return this.config.now();
  }

  /** Back to the seed: users, tokens, reports, history, throttling. */
  reset(): void {
    const now = this.now();
    this.users = new Map(seedUsers(now).map((user) => [user.id, user]));
    this.tokens = new Map();
    this.reports = new Map();
    this.loginFailures = new Map();
    this.spaRegister = new Set(SEED_SPA_REGISTER);
    this.history = [];
    this.nextHistoryId = 1;
    for (const id of this.users.keys()) {
      this.history.push(...seedHistory(id, this.nextHistoryId, SEEDED_HISTORY_PER_USER, now));
      this.nextHistoryId += SEEDED_HISTORY_PER_USER;
    }
    this.nextUserId = Math.max(...this.users.keys()) + 1;
    this.nextReportId = 1;
  }

  takeUserId(): number {
    return this.nextUserId++;
  }

  takeReportId(): number {
    return this.nextReportId++;
  }

  /** A new opaque token for `userId`, valid for `tokenTtlSeconds` from now. */
  issueToken(userId: number): string {
    if (!this.users.has(userId)) throw new Error(`No user with id ${userId}`);
    const token = randomToken(32);
    this.tokens.set(token, { userId, expiresAt: this.now() + this.config.tokenTtlSeconds * 1000 });
    return token;
  }

  /** The user a token belongs to, when it is known, unexpired and not revoked. */
  userForToken(token: string): UserRecord | undefined {
    const record = this.tokens.get(token);
    if (!record || record.expiresAt <= this.now()) return undefined;
    return this.users.get(record.userId);
  }

  revokeToken(token: string): void {
    this.tokens.delete(token);
  }

  expireTokens(): void {
    for (const record of this.tokens.values()) record.expiresAt = Number.NEGATIVE_INFINITY;
  }

  /** Login is an e-mail (any case) or a CPF (digits or 000.000.000-00). */
  static loginKey(login: string): string {
    return cpfDigits(login) ?? login.trim().toLowerCase();
  }

  findByLogin(login: string): UserRecord | undefined {
    const key = ServerState.loginKey(login);
    for (const user of this.users.values()) {
      if ((user.cpf !== '' && user.cpf === key) || user.email.toLowerCase() === key) return user;
    }
    return undefined;
  }

  findByEmail(email: string): UserRecord | undefined {
    const key = email.trim().toLowerCase();
    for (const user of this.users.values()) if (user.email.toLowerCase() === key) return user;
    return undefined;
  }

  findByCpf(cpf: string): UserRecord | undefined {
    if (cpf === '') return undefined;
    for (const user of this.users.values()) if (user.cpf === cpf) return user;
    return undefined;
  }

  /**
   * The SPA check of a profile fetch with `check_spa_again=1` (IN SPA 31/2025): a CPF in the
   * register shows `spa_exclusion: 1` (its `_at` kept from the first check that found it), a CPF
   * taken out of it shows 0 again.
   */
  checkSpa(user: UserRecord): void {
    const { limits } = user;
    const barred = user.cpf !== '' && this.spaRegister.has(user.cpf);
    if (barred && limits.spa_exclusion !== 1) {
      Object.assign(limits, {
        spa_exclusion: 1,
        spa_exclusion_at: saoPauloTime(this.now()),
        spa_exclusion_note: SPA_NOTE,
      });
    } else if (!barred && limits.spa_exclusion === 1) {
      Object.assign(limits, { spa_exclusion: 0, spa_exclusion_at: null, spa_exclusion_note: '' });
    }
  }

  /** Failures of `key` still inside the throttling window. */
  recentFailures(key: string): number[] {
    const since = this.now() - LOGIN_WINDOW_MS;
    const recent = (this.loginFailures.get(key) ?? []).filter((at) => at > since);
    this.loginFailures.set(key, recent);
    return recent;
  }

  /**
   * Throttled: at least five failures in the last 15 minutes, the latest under a minute ago.
   * (A client that honours `Retry-After: 60` gets one more try; another failure locks again.)
   */
  isLoginThrottled(key: string): boolean {
    const recent = this.recentFailures(key);
    const last = recent[recent.length - 1];
    return (
      recent.length >= MAX_LOGIN_FAILURES &&
      last !== undefined &&
      this.now() - last < LOGIN_RETRY_AFTER_S * 1000
    );
  }

  recordLoginFailure(key: string): void {
    this.loginFailures.set(key, [...this.recentFailures(key), this.now()]);
  }

  /** A successful login: history entry, info counters, throttling cleared. */
  recordLogin(user: UserRecord, key: string, ip: string, userAgent: string): void {
    user.login_attempt_qty = this.recentFailures(key).length;
    this.loginFailures.delete(key);
    user.lastLoginAt = this.now();
    this.history.push({
      id: this.nextHistoryId++,
      user_id: user.id,
      ip,
      user_agent: userAgent,
      created_at: new Date(this.now()).toISOString(),
      device: /mobile|android|iphone/i.test(userAgent) ? 'mobile' : 'desktop',
      location: 'Localhost',
    });
  }

  /** The login history of `userId`, newest first. */
  historyOf(userId: number): LoginHistoryItem[] {
    return this.history.filter((item) => item.user_id === userId).sort((a, b) => b.id - a.id);
  }
}

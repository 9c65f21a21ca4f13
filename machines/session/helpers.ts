// The session machine's helpers: its services built from input, and the small pure functions its
// transitions use (boxing commands, the login child's progress, session metadata).

import { secret } from 'pam-client';
import type { TimersLike } from '../environment';
import { createLocalStoragePlayClock, PLAY_CLOCK_KEY } from '../play-time/clock';
import { asPamError } from '../shared';
import type { SessionMeta } from './actors';
import { createVault, guardStore, service, vaultedAuth } from './deps';
import { guardedRefresh } from './support';
import type { PendingCommand, SessionContext, SessionInput } from './types';

/** The login child's snapshot, as far as the session reads it. */
export type LoginChildSnapshot = {
  value: unknown;
  context: { error: unknown; retryAt: number | null; rejectedCodes: number };
};

export const DEFAULT_REFRESH_WAIT_MS = 15_000;
const noop = () => () => {};

export const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const asPamErrorOrNull = (error: unknown) => (error == null ? null : asPamError(error));

/** The session metadata fields of the context, from a stored or shared session. */
export const metaFields = (m: Omit<SessionMeta, 'accessToken'>) => ({
  savedAt: m.savedAt,
  expiresAt: m.expiresAt,
  tokenType: m.tokenType,
  userId: m.userId ?? null,
  seq: m.seq ?? null,
  sid: m.sid ?? m.seq ?? null,
});

export const vaultedAuthOf = (context: SessionContext) =>
  vaultedAuth(context.deps.auth, context.deps.vault, context.deps);

/** A session command as the login child's event. */
export function toChild(command: PendingCommand) {
  if (command.type === 'REGISTER') return { type: 'REGISTER' as const, payload: command.payload };
  return {
    type: 'SUBMIT' as const,
    login: command.login,
    password: command.password,
    ...(command.captchaToken === undefined ? {} : { captchaToken: command.captchaToken }),
    ...(command.appSource === undefined ? {} : { appSource: command.appSource }),
  };
}

/** The login child's state, as the session's status. */
export const childIs =
  (state: string) =>
  ({ event }: { event: { snapshot?: unknown } }) =>
    (event.snapshot as LoginChildSnapshot | undefined)?.value === state;

/** The login and registration commands, boxed: a password or captcha token is a `Secret` from here on. */
export const boxCommand = (e: PendingCommand): PendingCommand =>
  e.type === 'LOGIN'
    ? {
        ...e,
        password: secret(e.password),
        ...(e.captchaToken === undefined ? {} : { captchaToken: secret(e.captchaToken) }),
      }
    : {
        type: 'REGISTER',
        payload: {
          ...e.payload,
          password: secret(e.payload.password),
          ...(e.payload.captcha_token === undefined
            ? {}
            : { captcha_token: secret(e.payload.captcha_token) }),
        },
      };

/** The session's services, from its input: never persisted, taken from the fresh input on restore. */
export function services(input: SessionInput): Pick<SessionContext, 'deps'> {
  const env = input.environment ?? {};
  const random = env.random ?? Math.random;
  const timers: TimersLike = env.timers ?? {
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
  };
  return {
    deps: service({
      auth: input.auth,
      tokens: guardStore(input.tokens, timers),
      crossTab: input.crossTab ?? null,
      vault: createVault(random),
      now: env.now ?? (() => Date.now()),
      random,
      timers,
      playClock:
        input.playClock ??
        ((userId) => createLocalStoragePlayClock(`${PLAY_CLOCK_KEY}:${userId ?? 'anonymous'}`)),
      signals: {
        visibility: env.visibility ?? { isHidden: () => false, onChange: noop },
        focus: env.focus ?? { onFocus: noop },
        online: env.online ?? { isOnline: () => true, onChange: noop },
      },
    }),
  };
}

/**
 * The refresh cycle's input. It starts from when the token was saved: now after a login, or the
 * stored `savedAt` after a restore (a tab reopened 5 h in refreshes 1 h later, not 6).
 */
export const refreshCycleInput = (c: SessionContext) => ({
  auth: guardedRefresh({ ...c.deps, waitMs: c.refreshWaitMs }),
  intervalMs: c.intervalMs,
  tickMs: c.tickMs,
  now: c.deps.now,
  random: c.deps.random,
  savedAt: c.savedAt ?? c.deps.now(),
  ...(c.expiresAt === null ? {} : { expiresAt: c.expiresAt }),
});

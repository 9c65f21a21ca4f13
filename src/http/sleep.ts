/**
 * The longest delay a timer can take: setTimeout (and XState delays, built on it) turns anything
 * above 2^31-1 ms into 1 ms. The one definition (the machines import it from `pam-client/internal`).
 */
export const MAX_TIMER_MS: number = 2_147_483_647; // 2 ** 31 - 1 (a literal: CONTRIBUTING.md)

/**
 * `ms` made safe for a timer: NaN and negatives become 0, anything above `MAX_TIMER_MS` (Infinity
 * included) becomes `MAX_TIMER_MS`.
 *
 * @example
 * clampDelay(2 ** 40); // 2147483647
 */
export const clampDelay = (ms: number): number => (ms > 0 ? Math.min(MAX_TIMER_MS, ms) : 0);

/** Returned by `sleep` and `untilAborted` instead of rejecting, so callers map it to their own error. */
export const ABORTED: unique symbol = /* @__PURE__ */ Symbol('aborted');

/**
 * The timer pair the waits run on: the global one, or an injected clock (XState's
 * `SimulatedClock` fits). The one definition; `pam-client/machines` re-exports it.
 */
export interface TimersLike {
  setTimeout(fn: (...args: unknown[]) => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

const GLOBAL_TIMERS: TimersLike = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

/**
 * The one abortable sleep: waits `ms` (clamped with `clampDelay`), or less if `signal` aborts
 * first (then resolves to `ABORTED`, never rejects). Leaves no timer or listener behind.
 *
 * @example
 * if ((await sleep(500, signal)) === ABORTED) return;
 */
export function sleep(
  ms: number,
  signal?: AbortSignal,
  timers: TimersLike = GLOBAL_TIMERS,
): Promise<undefined | typeof ABORTED> {
  if (signal?.aborted) return Promise.resolve(ABORTED);
  return new Promise((resolve) => {
    const onAbort = () => {
      timers.clearTimeout(timer);
      resolve(ABORTED);
    };
    const timer = timers.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(undefined);
    }, clampDelay(ms));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Whether `value` is a promise or any other thenable. */
export const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as { then?: unknown } | null | undefined)?.then === 'function';

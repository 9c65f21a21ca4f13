// The input of a server session signed in at `at` (its seed read just before, as a page's own is,
// and ending 2 h later, server time), with inert timers, signals and seed route: tests replace the
// deps they move (clock, timers). `freshReadAt`: when a page's own seed was read.

const H = 3_600_000;

/** A signed-in server session's input: `clock` for its time and draws, ended at `at + 2 h`. */
export function serverInput(
  clock: { now: () => number; serverNow: () => number; random: () => number },
  at: number,
) {
  const signals = {
    visibility: { isHidden: () => false, onChange: () => () => {} },
    focus: { onFocus: () => () => {} },
    online: { isOnline: () => true, onChange: () => () => {} },
  };
  return {
    deps: {
      auth: {} as never,
      readSeed: () => new Promise<never>(() => {}),
      tabs: null,
      crossTab: null,
      now: clock.now,
      serverNow: clock.serverNow,
      random: clock.random,
      timers: { setTimeout: () => 0, clearTimeout: () => {} },
      clock: null,
      signals,
    },
    initial: {
      status: 'signedIn' as const,
      user: { id: 7 } as never,
      userInfo: {},
      readAt: freshReadAt(at),
      loginId: 'login-3',
      expiresAt: at + 2 * H,
    },
    // The client's reading when it started: the seed is fresh at it (no `GET <prefix>/session`).
    reading: { at, serverAt: at, trusted: true },
  };
}

/** How long before its client starts a page's own seed was read: the server's render, sent, run. */
export const FRESH_AGO = 1_000;

/**
 * A `readAt` for the seed of this page load, a client started at server time `at`: read `ago` ms
 * before (default `FRESH_AGO`), within `SEED_FRESH_MS`, so the client takes it at once, asking
 * nothing (for tests not about a seed's age; an older one is confirmed first: REVIEW-P P5, P6).
 */
export const freshReadAt = (at: number, ago = FRESH_AGO) => at - ago;

// The input of a server session signed in at `at` (its seed ends 2 h later, server time), with
// inert timers, signals and seed route: tests replace the deps they move (clock, timers).

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
      readAt: at - H,
      loginId: 'login-3',
      expiresAt: at + 2 * H,
    },
  };
}

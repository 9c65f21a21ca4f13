// Review 126: timers that fire only when a test says so (the client's `environment.timers`), so a
// revoke's resend (~0.5 s) is run without a real wait.
export function manualTimers() {
  let next = 1;
  const pending = new Map<number, { fn: () => void; ms: number }>();
  return {
    timers: {
      setTimeout: (fn: () => void, ms?: number) => {
        const id = next++;
        pending.set(id, { fn, ms: ms ?? 0 });
        return id as unknown as ReturnType<typeof setTimeout>;
      },
      clearTimeout: (id: unknown) => void pending.delete(id as number),
    },
    /** Runs (once) every pending timer whose delay lies in [from, to]; how many it ran. */
    run(from: number, to: number): number {
      let n = 0;
      for (const [id, t] of [...pending])
        if (t.ms >= from && t.ms <= to) {
          pending.delete(id);
          t.fn();
          n++;
        }
      return n;
    },
  };
}

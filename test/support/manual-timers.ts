// Timers a test moves by hand on its own base time `t.now` (the `timers` an environment takes):
// `advance(ms)` fires each due timer at its own time, in order, and those a firing one arms when
// they fall due within the step, then leaves the time at the step's end.

/** Manual timers over `t.now`: `timers` for the environment, `advance(ms)`, and the `pending` ones. */
export function manualTimers(t: { now: number }) {
  const pending = new Map<number, { fn: () => void; at: number }>();
  let next = 0;
  const timers = {
    setTimeout: (fn: () => void, ms: number) => {
      pending.set(++next, { fn, at: t.now + ms });
      return next;
    },
    clearTimeout: (id: unknown) => void pending.delete(id as number),
  };
  const advance = (ms: number) => {
    const until = t.now + ms;
    for (;;) {
      const due = [...pending].filter(([, p]) => p.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      pending.delete(due[0]);
      t.now = Math.max(t.now, due[1].at);
      due[1].fn();
    }
    t.now = until;
  };
  return { timers, advance, pending };
}

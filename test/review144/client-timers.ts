// The timers the client (not undici's socket keep-alive) has pending, under vi's fake timers: a
// wrapper over the faked setTimeout/setInterval that records each pending id whose stack does not
// come from undici. Install after `vi.useFakeTimers`, remove before `vi.useRealTimers`.
type Id = ReturnType<typeof setTimeout>;

export function trackClientTimers() {
  const pending = new Set<Id>();
  const g = globalThis as unknown as Record<string, (...a: unknown[]) => unknown>;
  const saved = { st: g.setTimeout!, ct: g.clearTimeout!, si: g.setInterval!, ci: g.clearInterval! };
  const ours = () => !/undici/.test(new Error().stack ?? '');
  g.setTimeout = (f: unknown, ms: unknown, ...a: unknown[]) => {
    const mine = ours();
    let id: Id;
    const run = (...x: unknown[]) => {
      pending.delete(id);
      return (f as (...y: unknown[]) => unknown)(...x);
    };
    id = saved.st(run, ms, ...a) as Id;
    if (mine) pending.add(id);
    return id;
  };
  g.clearTimeout = (id: unknown) => {
    pending.delete(id as Id);
    return saved.ct(id);
  };
  g.setInterval = (f: unknown, ms: unknown, ...a: unknown[]) => {
    const id = saved.si(f, ms, ...a) as Id;
    if (ours()) pending.add(id);
    return id;
  };
  g.clearInterval = (id: unknown) => {
    pending.delete(id as Id);
    return saved.ci(id);
  };
  return {
    count: () => pending.size,
    restore: () =>
      Object.assign(g, {
        setTimeout: saved.st,
        clearTimeout: saved.ct,
        setInterval: saved.si,
        clearInterval: saved.ci,
      }),
  };
}

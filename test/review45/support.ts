// Review 45 support: an upstream `fetch` for `pam-client/server` that holds chosen API calls (named
// `<last path segment>#<n>`, n 1-based per segment: `login#1`, `logout#1`) until the test lets them
// go, so a test orders two logins' answers (and a logout between them) as a slow API would.

export interface UpstreamGate {
  fetch: typeof fetch;
  /** Resolves when the named call reached the gate. */
  arrived(key: string): Promise<void>;
  /** Lets the named call go on to the API. */
  release(key: string): void;
  /** The API calls made, in order (`login#1`, ...). */
  calls: string[];
}

export function upstreamGate(held: readonly string[]): UpstreamGate {
  const once = () => {
    let done = () => {};
    const p = new Promise<void>((r) => {
      done = r;
    });
    return { p, done };
  };
  const arrivals = new Map<string, ReturnType<typeof once>>();
  const gates = new Map(held.map((k) => [k, once()] as const));
  const arrival = (k: string) => {
    if (!arrivals.has(k)) arrivals.set(k, once());
    return arrivals.get(k)!;
  };
  const counts = new Map<string, number>();
  const calls: string[] = [];
  const gated = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const last = url.pathname.split('/').pop()!;
    const n = (counts.get(last) ?? 0) + 1;
    counts.set(last, n);
    const key = `${last}#${n}`;
    calls.push(key);
    arrival(key).done();
    await gates.get(key)?.p;
    return fetch(input, init);
  }) as typeof fetch;
  return {
    fetch: gated,
    arrived: (k) => arrival(k).p,
    release: (k) => gates.get(k)?.done(),
    calls,
  };
}

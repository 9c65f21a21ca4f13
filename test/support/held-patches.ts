// A `fetch` over real sockets that can hold the answers of PATCH requests (the server has already
// applied them): a change stays "in flight" for the client until the test releases its answer.

/** The held answers, oldest first; `hold` turns holding on or off for the next requests. */
export interface HeldPatches {
  fetch: typeof globalThis.fetch;
  hold(on: boolean): void;
  /** Answers held: each with its path and status; `release()` hands the answer to the client. */
  readonly held: { path: string; status: number; release(): void }[];
  /** Resolves once `n` answers are held (each PATCH answered by the server). */
  heldCount(n: number): Promise<void>;
}

/** `base`: the fetch that goes over the sockets (default: the global one; a browser profile's, a server session's). */
export function heldPatches(base: typeof globalThis.fetch = (i, o) => globalThis.fetch(i, o)): HeldPatches {
  const held: { path: string; status: number; release(): void }[] = [];
  const waiters: (() => void)[] = [];
  let holding = false;
  return {
    held,
    hold: (on) => {
      holding = on;
    },
    heldCount: (n) =>
      new Promise<void>((resolve) => {
        const check = () => (held.length >= n ? resolve() : waiters.push(check));
        check();
      }),
    fetch: async (input, init) => {
      const request = input instanceof Request ? input : undefined;
      const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
      const keep = holding && method === 'PATCH';
      const answer = await base(input, init);
      if (keep) {
        // (Read whole first: the body is the server's, the socket free.)
        const body = await answer.arrayBuffer();
        await new Promise<void>((release) => {
          held.push({
            path: new URL(request?.url ?? String(input), 'http://relative.invalid').pathname,
            status: answer.status,
            release,
          });
          for (const w of waiters.splice(0)) w();
        });
        return new Response(body, { status: answer.status, headers: answer.headers });
      }
      return answer;
    },
  };
}

import fc from 'fast-check';
import { AbortedError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { stoppable } from '../../machines/client/stoppable';

// `stoppable` over generated orders of calls, answers and one stop (machines/client/stoppable.ts):
// a call after the stop is refused, nothing sent; one that ended before it keeps its outcome and
// is never given to `late`; one in flight at it ends `aborted` at once, and (a module's) is left to
// answer, `late` getting its answer. An adapter's call without the caller's signal carries the
// stop's: the adapter (here a fake that rejects when its signal aborts) cuts it off.

type Op =
  | { kind: 'call'; name: 'get' | 'post' | 'login'; own: boolean }
  | { kind: 'answer'; ok: boolean }
  | { kind: 'stop' };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('call' as const),
    name: fc.constantFrom('get', 'post', 'login'),
    own: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('answer' as const), ok: fc.boolean() }),
  fc.constant({ kind: 'stop' as const }),
);

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('stoppable (property)', () => {
  it('refused after the stop, kept before it, aborted and left to answer across it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 14 }), async (ops) => {
        const stop = new AbortController();
        const pending: { settle: (ok: boolean) => void }[] = [];
        const sent: unknown[][] = [];
        const fake =
          (at: number) =>
          (...args: unknown[]) =>
            new Promise((resolve, reject) => {
              sent.push(args);
              const signal = (args[at] as { signal?: AbortSignal } | undefined)?.signal;
              signal?.addEventListener('abort', () => reject(new AbortedError('GET', '/x')));
              pending.push({ settle: (ok) => (ok ? resolve({ n: sent.length }) : reject(new Error('no'))) });
            });
        const lates: unknown[] = [];
        const http = stoppable({ get: fake(1), post: fake(2) }, stop.signal);
        const auth = stoppable({ login: fake(1) }, stop.signal, (a) => lates.push(a));
        const calls: {
          at: 'before' | 'after';
          out?: { ok: boolean; value: unknown };
          answer?: unknown;
          late: boolean;
          cut: boolean;
        }[] = [];
        for (const o of ops) {
          if (o.kind === 'stop') {
            const open = calls.filter((c) => !c.out);
            stop.abort();
            await flush();
            for (const c of open) expect(c.out?.value).toBeInstanceOf(AbortedError);
          } else if (o.kind === 'answer') pending.shift()?.settle(o.ok);
          else {
            const n = sent.length;
            const options = o.own ? { signal: new AbortController().signal } : undefined;
            const c = {
              at: stop.signal.aborted ? ('after' as const) : ('before' as const),
              late: o.name === 'login',
              cut: o.name !== 'login' && !o.own,
            } as (typeof calls)[number];
            calls.push(c);
            const p =
              o.name === 'login'
                ? auth.login({}, options)
                : o.name === 'get'
                  ? http.get('/x', options)
                  : http.post('/x', {}, options);
            p.then(
              (value) => (c.out = { ok: true, value }),
              (value: unknown) => (c.out = { ok: false, value }),
            );
            if (c.at === 'after') expect(sent.length).toBe(n);
          }
          await flush();
        }
        for (const p of pending.splice(0)) p.settle(true);
        await flush();
        for (const c of calls) {
          expect(c.out).toBeDefined();
          if (c.at === 'after') expect(c.out?.value).toBeInstanceOf(AbortedError);
        }
        // Every answer `late` got is of a login that was still in flight at the stop, never one its caller got.
        const heard = calls.filter((c) => c.out?.ok).map((c) => c.out?.value);
        for (const a of lates) expect(heard).not.toContain(a);
        if (!stop.signal.aborted) expect(lates).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

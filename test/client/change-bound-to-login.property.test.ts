import fc from 'fast-check';
import { HttpError, TimeoutError, type UserModule } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { withOutcomeCheck } from '../../machines/client/outcome';
import { loginBound, withProfileRecheck } from '../../machines/client/session-facade';
import type { Owner } from '../../machines/session/events';

// REVIEW-O O-8, O-12, O-13, O-14, as a model over generated interleavings of logins, logouts,
// restricting changes, their answers and stop(): a change is its player's. Whatever the order,
// (1) a change answered accepted or unknown is kept for the player it was sent for, and only for
// them; (2) the session is told of it only while it holds that login; (3) once that login ended,
// the call's signal is aborted (nothing more of it can be sent: resend, token read, re-read);
// (4) the outcome re-read of a change never runs for another login.

type Op =
  | { t: 'login'; user: number }
  | { t: 'logout' }
  | { t: 'stop' }
  | { t: 'change'; kind: 'setTimeoutLimits' | 'setSelfExclusion' | 'updateLimits' }
  | { t: 'answer'; which: number; how: 'ok' | 'refused' | 'unknown' };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ t: fc.constant('login' as const), user: fc.integer({ min: 1, max: 3 }) }),
  fc.constant({ t: 'logout' as const }),
  fc.constant({ t: 'stop' as const }),
  fc.record({
    t: fc.constant('change' as const),
    kind: fc.constantFrom('setTimeoutLimits' as const, 'setSelfExclusion' as const, 'updateLimits' as const),
  }),
  fc.record({
    t: fc.constant('answer' as const),
    which: fc.nat(8),
    how: fc.constantFrom('ok' as const, 'refused' as const, 'unknown' as const),
  }),
);

const flush = () => new Promise<void>((r) => setImmediate(r));

describe("a change is its player's, in any interleaving (REVIEW-O O-8, O-12, O-13, O-14)", () => {
  it('kept for its player only, told only to its login, its signal aborted once the login ends', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 24 }), async (ops) => {
        let ctx: Owner = { userId: null, sid: null };
        let logins = 0;
        let stopped = false;
        const listeners = new Set<() => void>();
        const told: Owner[] = [];
        const session = {
          getSnapshot: () => ({ context: ctx }),
          subscribe: (o: { next(): void }) => {
            const f = () => o.next();
            listeners.add(f);
            return { unsubscribe: () => listeners.delete(f) };
          },
          send: () => {
            if (!stopped) told.push(ctx);
          },
        };
        const set = (next: Owner) => {
          ctx = next;
          for (const f of [...listeners]) f();
        };
        const kept: { userId: number | null; kind: string }[] = [];
        const accepted = {
          recall: () => null,
          remember: (userId: number | null, r: { kind: string }) => kept.push({ userId, kind: r.kind }),
        };
        const pending: {
          owner: Owner;
          signal: AbortSignal;
          settle(how: string): void;
          kind: string;
          done: boolean;
        }[] = [];
        const rereads: { owner: Owner; signal?: AbortSignal }[] = [];
        let settling: Owner | null = null;
        const call = (kind: string) => (_payload: unknown, options?: { signal?: AbortSignal }) =>
          new Promise((resolve, reject) => {
            const entry = {
              owner: ctx,
              kind,
              signal: options!.signal!,
              done: false,
              settle: (how: string) => {
                entry.done = true;
                if (how === 'ok') resolve({});
                else
                  reject(
                    how === 'refused'
                      ? new HttpError({ status: 422, method: 'PATCH', path: '/x' } as never)
                      : new TimeoutError('PATCH', '/x', 1),
                  );
              },
            };
            pending.push(entry);
          });
        const raw = {
          setTimeoutLimits: call('pause'),
          setSelfExclusion: call('selfExclusion'),
          updateLimits: call('limits'),
        } as unknown as UserModule;
        const ownerNow = () => ctx;
        const s = () => session as never;
        const auth = {
          // (Never answered: its signal stays watched to the end.)
          getUserProfile: (o?: { signal?: AbortSignal }) => {
            const owner = settling!;
            // (4) Sent only in the login of its change, else refused (its signal aborted).
            if (owner.userId !== ctx.userId || owner.sid !== ctx.sid) expect(o?.signal?.aborted).toBe(true);
            rereads.push({ owner, signal: o?.signal });
            return new Promise(() => {});
          },
        };
        const user = withProfileRecheck(
          withOutcomeCheck(
            raw,
            auth as never,
            () => {},
            ownerNow,
            () => 1,
            (o) => loginBound(s, o),
          ),
          s,
          () => 1000,
          accepted as never,
          ownerNow,
        );
        const calls: { owner: Owner; kind: string; settled?: string }[] = [];
        for (const o of ops) {
          if (o.t === 'login') set({ userId: o.user, sid: ++logins });
          else if (o.t === 'logout') set({ userId: null, sid: null });
          else if (o.t === 'stop') stopped = true;
          else if (o.t === 'change') {
            const entry = { owner: ctx, kind: o.kind };
            calls.push(entry);
            void (user[o.kind] as (p: object, opt: object) => Promise<unknown>)({}, {}).catch(() => {});
          } else {
            const p = pending.filter((x) => !x.done)[o.which];
            if (p) {
              // (3) An answer for a login that ended: its signal is aborted.
              if (p.owner.userId !== ctx.userId || p.owner.sid !== ctx.sid)
                expect(p.signal.aborted).toBe(true);
              const before = told.length;
              const ctxAt = ctx;
              settling = p.owner;
              p.settle(o.how);
              await flush();
              settling = null;
              // (2) Told only while the session holds the change's login.
              for (const t of told.slice(before)) expect(t).toEqual(p.owner);
              if (told.length > before) expect(ctxAt).toEqual(p.owner);
              // (1) Kept for its player when accepted or unknown (a pause or self-exclusion).
              const restricting = p.kind === 'pause' || p.kind === 'selfExclusion';
              const mine = kept.filter((k) => k.userId === p.owner.userId && k.kind === p.kind);
              if (restricting && o.how !== 'refused' && p.owner.userId !== null)
                expect(mine.length).toBeGreaterThan(0);
            }
          }
          await flush();
        }
        // (1) Never kept for a player who did not send it.
        for (const k of kept)
          expect(pending.some((p) => p.owner.userId === k.userId && p.kind === k.kind)).toBe(true);
        // (4) A re-read never runs for another login: its signal is aborted once the login ended.
        for (const r of rereads)
          if (r.owner.userId !== ctx.userId || r.owner.sid !== ctx.sid) expect(r.signal?.aborted).toBe(true);
        expect(calls.length).toBe(pending.length);
      }),
      { numRuns: 300 },
    );
  });
});

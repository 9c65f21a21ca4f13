import fc from 'fast-check';
import {
  AbortedError,
  createAuthModule,
  createOfetchAdapter,
  createUserModule,
  type UserModule,
} from 'pam-client';
import { describe, expect, it } from 'vitest';
import { heldWhileSent, type MutationOutcomeUnknown, withOutcomeCheck } from '../../machines/client/outcome';
import { turns, until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';

// The token-mode hold over generated interleavings, on the real ofetch adapter and the reference
// server (real sockets): a pause of login 1 while that login ends (a sign-out, or login 2 taking
// the store) before the call, while its token is read, some microtasks after the read (before or
// after the request leaves), while its answer is on its way, or never; the answer is a 2xx, a
// refusal (422) or unknown (503). Whatever the order: (1) nothing is ever sent with another
// login's token (the token store answers with the login held when it answers); (2) a request that
// left (the server has it) is never reported `aborted`, it settles by its answer; (3) one that did
// not leave is `aborted`; (4) an unknown outcome after the login ended is reported with `profile`
// null, no re-read sent.

const ctx = useReferenceServer();
const PAUSE = '/bff/users/timeout-limits';

type End =
  | { at: 'before' | 'reading' | 'onWay' | 'never'; next: 'none' | 'other' }
  | { at: 'afterRead'; ticks: number; next: 'none' | 'other' };

const end: fc.Arbitrary<End> = fc.oneof(
  fc.record({
    at: fc.constantFrom('before' as const, 'reading' as const, 'onWay' as const, 'never' as const),
    next: fc.constantFrom('none' as const, 'other' as const),
  }),
  fc.record({
    at: fc.constant('afterRead' as const),
    ticks: fc.nat(14),
    next: fc.constantFrom('none' as const, 'other' as const),
  }),
);

const shown = (e: unknown) =>
  e instanceof AbortedError ? 'aborted' : ((e as { status?: number }).status ?? (e as { code: string }).code);

describe('token mode: a change that left settles by its answer, none is sent with another login (AK-2 twin)', () => {
  it('generated login ends × answers', async () => {
    const seen = { left: 0, notLeft: 0, afterReadLeft: 0, afterReadNot: 0 };
    await fc.assert(
      fc.asyncProperty(end, fc.constantFrom(200, 422, 503), async (e, status) => {
        ctx.server.reset();
        const { plain, pendingLimit } = ctx.server.seed;
        const tokens = { 1: ctx.server.issueToken(plain.id), 2: ctx.server.issueToken(pendingLimit.id) };
        let current: 1 | 2 | null = 1;
        const login = new AbortController();
        const endLogin = () => {
          login.abort();
          current = e.next === 'other' ? 2 : null;
        };
        if (status !== 200) ctx.server.faults.add({ path: PAUSE, status, body: { message: 'x' }, times: 1 });
        // The token store: its first read (the pause's) answers when told (`read`), any later one at
        // once, each with the token of the login held then.
        let read: (() => void) | undefined;
        const getAccessToken = () =>
          read
            ? Promise.resolve(current && tokens[current])
            : new Promise<string | null>((resolve) => {
                read = () => resolve(current && tokens[current]);
              });
        let open!: () => void;
        const gate = new Promise<void>((r) => {
          open = r;
        });
        const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
          const answer = await globalThis.fetch(input, init);
          if (e.at === 'onWay' && String(input).includes('timeout-limits')) await gate;
          return answer;
        }) as typeof globalThis.fetch;
        const http = createOfetchAdapter({ baseURL: ctx.server.url, getAccessToken, fetch, timeout: 60_000 });
        const [sender, hold] = heldWhileSent(http);
        const reports: MutationOutcomeUnknown[] = [];
        const user = withOutcomeCheck(
          createUserModule(sender),
          createAuthModule(http),
          (event) => reports.push(event),
          () => 'owner',
          () => 0,
          () => ({ signal: login.signal, off() {} }),
          hold,
        ) as UserModule;

        if (e.at === 'before') endLogin();
        const outcome = user
          .setTimeoutLimits({ user_pause: 7, reason: 1, password_check: plain.password })
          .then(
            () => 200,
            (error: unknown) => shown(error),
          );
        if (e.at !== 'before') {
          await until(() => read !== undefined, 'the token asked for');
          if (e.at === 'reading') endLogin();
          read!();
          if (e.at === 'afterRead') {
            for (let i = 0; i < e.ticks; i++) await Promise.resolve();
            endLogin();
          }
          if (e.at === 'onWay') {
            await until(() => ctx.server.requests.some((r) => r.path === PAUSE), 'the pause at the server');
            endLogin();
            open();
          }
        }
        const got = await outcome;
        await until(() => reports.length > 0 || got !== 503, 'an unknown outcome reported');
        await turns(5);
        const pauses = ctx.server.requests.filter((r) => r.path === PAUSE);
        // (1) Only ever login 1's token.
        for (const r of pauses) expect(r.headers.authorization).toBe(`Bearer ${tokens[1]}`);
        expect(pauses.length).toBeLessThanOrEqual(1);
        const left = pauses.length === 1;
        if (e.at === 'afterRead') seen[left ? 'afterReadLeft' : 'afterReadNot']++;
        seen[left ? 'left' : 'notLeft']++;
        // (2), (3): left, its answer; not left, aborted.
        expect(got).toBe(left ? status : 'aborted');
        // (4) An unknown outcome: reported; re-read only while the login holds.
        expect(reports).toHaveLength(left && status === 503 ? 1 : 0);
        const rereads = ctx.server.requests.filter((r) => r.path === '/auth/user-profile');
        // (Reported once the login ended: no profile in it, and no re-read.)
        const afterEnd = login.signal.aborted ? reports : [];
        expect(afterEnd.map((r) => r.profile)).toEqual(afterEnd.map(() => null));
        expect(afterEnd.length ? rereads : []).toEqual([]);
        // (Never a re-read with another login's token.)
        for (const r of rereads) expect(r.headers.authorization).toBe(`Bearer ${tokens[1]}`);
      }),
      // Both sides of the moment the request leaves after the token read are always tried: the
      // coverage checks below are never left to luck.
      {
        numRuns: 120,
        examples: [
          [{ at: 'afterRead', ticks: 14, next: 'none' }, 200],
          [{ at: 'afterRead', ticks: 0, next: 'other' }, 200],
        ],
      },
    );
    // The generator reaches both sides of the moment the request leaves after the token read.
    expect(seen.afterReadLeft).toBeGreaterThan(0);
    expect(seen.afterReadNot).toBeGreaterThan(0);
    expect(seen.notLeft).toBeGreaterThan(0);
  });
});

import { createMemoryTokenStore, type LoginResponse } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { parseMessage } from '../../machines/cross-tab-schema';
import { initialContext, servicesOf } from '../../machines/session/context';
import { type SealedLogin, signedInFrom, vaultedAuth } from '../../machines/session/login';
import { heardOf } from '../../machines/session/order';
import { refreshed } from '../../machines/session/refresh';
import { createVault } from '../../machines/session/store';
import type { SessionContext } from '../../machines/session/types';

// Issue 26 symptom 5, "counters and ids from one definition": what the channel's schema accepts
// and what a tab draws or counts next come from the same bounds. These cases find the bound from
// the schema itself (the highest counter it accepts), so they hold whatever the constant is.

const envelope = { app: 'pam-client', v: 1, from: 'other-tab' };
const accepted = (m: unknown) => !('refused' in parseMessage(m));
const signedOut = (seq: number) => ({
  ...envelope,
  type: 'signedOut',
  at: null,
  sid: null,
  seq,
  reason: 'logout',
});
const sessionMessage = (seq: number, sid: number) => ({
  ...envelope,
  type: 'session',
  reason: 'login',
  session: { accessToken: 'tok', tokenType: 'Bearer', expiresAt: null, savedAt: 1, userId: 1, seq, sid },
  user: null,
});

/** The highest `seq` the schema accepts on a signedOut (a binary search over the safe integers). */
function highestAccepted(): number {
  let lo = 0;
  let hi = Number.MAX_SAFE_INTEGER;
  while (lo < hi) {
    const mid = lo + Math.ceil((hi - lo) / 2);
    if (accepted(signedOut(mid))) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

const tabContext = (): SessionContext =>
  initialContext({ auth: {} as never, tokens: createMemoryTokenStore(), environment: { now: () => 1_000 } });
const heard = (c: SessionContext, seq: number): SessionContext => ({
  ...c,
  ...heardOf(c, seq),
});
const login = (sid: number): SealedLogin =>
  ({ access_token: 'h', token_type: 'Bearer', user: { id: 1 }, issued: { at: 1_000, sid } }) as never;

describe('channel counters from one definition (issue 26 symptom 5)', () => {
  it('a signedOut at the highest counter the schema accepts leaves the next login and refresh shareable', () => {
    const top = highestAccepted();
    expect(accepted(signedOut(top))).toBe(true);
    const c = heard(tabContext(), top);
    const next = { ...c, ...signedInFrom(c, login(7)) } as SessionContext;
    expect(accepted(sessionMessage(next.seq as number, next.sid as number))).toBe(true);
    const again = { ...next, ...refreshed(next, servicesOf(next).serverNow()) } as SessionContext;
    expect(accepted({ ...sessionMessage(again.seq as number, again.sid as number), reason: 'refresh' })).toBe(
      true,
    );
    expect(accepted(signedOut(again.seq as number))).toBe(true);
  });

  it('a login id is drawn within what the schema accepts, however high the random draw', async () => {
    const answer = { access_token: 'tok', token_type: 'Bearer', user: { id: 1 } } as unknown as LoginResponse;
    const auth = { login: async () => answer } as never;
    for (const r of [0, 0.5, 1 - 2 ** -20, 1 - 2 ** -53]) {
      const sealed = (await vaultedAuth(auth, createVault(), { serverNow: () => 1, random: () => r }).login({
        login: 'a@example.com',
        password: 'x',
      } as never)) as SealedLogin;
      const sid = sealed.issued?.sid as number;
      expect(accepted(sessionMessage(1, sid)), `random ${r} drew sid ${sid}`).toBe(true);
    }
  });
});

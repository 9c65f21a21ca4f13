import fc from 'fast-check';
import { createMemoryTokenStore, type LoginResponse } from 'pam-client';
import { sessionMachine } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { PLAIN_USER_INFO } from '../support/login-answer';

// REVIEW-O O-19, the order of things: the login's answer lands, and a CANCEL, a LOGOUT or a stop of
// the session comes a generated number of microtasks later, in the window where the seal (an
// answer that signs no one in: its token revoked) and the late-answer path (a login given up on:
// its token revoked) can both see the same answer. Whatever the order, the answer's token is
// revoked at most once; exactly once unless the session keeps it (then never).

const TOKEN = 'granted-token-0123456789abcdef';
const ANSWERS = {
  challenge: { type: 'two_factor_code', message: 'code', access_token: TOKEN },
  cancelled: { type: 'cancelled_account', message: 'gone', access_token: TOKEN },
  completed: {
    access_token: TOKEN,
    expires_in: 3600,
    token_type: 'Bearer',
    user: { id: 1, email: 'p@example.com' },
    userInfo: PLAIN_USER_INFO,
  },
} as const;

const microtasks = async (n: number) => {
  for (let i = 0; i < n; i++) await Promise.resolve();
};

describe("a login answer's token, the seal and a late answer's revoke racing: revoked at most once (O-19)", () => {
  it('over answer kinds, the command racing it and the microtasks between', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<keyof typeof ANSWERS>('challenge', 'cancelled', 'completed'),
        fc.constantFrom('CANCEL' as const, 'LOGOUT' as const, 'stop' as const),
        fc.nat(12),
        async (kind, race, n) => {
          const revoked: unknown[] = [];
          let answer: (r: LoginResponse) => void = () => {};
          const tokens = createMemoryTokenStore();
          const auth = {
            login: () => new Promise<LoginResponse>((resolve) => (answer = resolve)),
            logout: async (o?: { accessToken?: string }) => {
              revoked.push(o?.accessToken);
            },
            getUserProfile: () => new Promise<never>(() => {}),
            refreshToken: () => new Promise<never>(() => {}),
            forgotPassword: async () => undefined,
          };
          const actor = createActor(sessionMachine, {
            input: { auth: auth as never, tokens, environment: { channel: null } } as never,
          }).start();
          actor.send({ type: 'LOGIN', login: 'p@example.com', password: 'pw' } as never);
          await microtasks(20);
          // A fresh object each time: the seal and the late path take the token off it.
          answer(structuredClone(ANSWERS[kind]) as never);
          await microtasks(n);
          if (race === 'stop') actor.stop();
          else actor.send({ type: race } as never);
          await microtasks(60);
          const kept = (await tokens.get())?.accessToken === TOKEN;
          const sent = revoked.filter((t) => t === TOKEN).length;
          actor.stop();
          expect(sent).toBeLessThanOrEqual(1);
          expect(sent).toBe(kept ? 0 : 1);
        },
      ),
      { numRuns: 150 },
    );
  });
});

// Review 102. Severity: MEDIUM.
// What happens: review 100 made the core user module read `signedIn()` again before each step-up
// resend (src/user/sensitive.ts:312-314), but the read comes BEFORE the captcha provider's wait
// (`await provided(token, signal)`, sensitive.ts:325), not right before the send. A resend whose
// `captcha_token` is a provider (updateProfile's, documented: "called at each send, a step-up's
// resend included") that takes a moment (a Turnstile widget) lets the adapter move to player B in
// between: A's change goes out with A's password under B's token. The same window is open for the
// step-up machine's `askedBy` check, which is made at the same place.
// What should happen: the login is compared once more after every wait, right before the request
// leaves: nothing is sent for B, the call rejects typed (`aborted`).
import { createOfetchAdapter, createUserModule } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';

const ref = useReferenceServer();

describe("core user module: A's step-up password is never sent for B after a captcha wait", () => {
  it('the player changes while the resend waits for its captcha token', async () => {
    const { server } = ref;
    const tokenA = server.issueToken(server.seed.plain.id);
    const tokenB = server.issueToken(server.seed.paused.id);
    let current = { userId: server.seed.plain.id as number, sid: 1, token: tokenA };
    const http = createOfetchAdapter({ baseURL: server.url, getAccessToken: () => current.token, retry: 0 });
    const user = createUserModule(http, { signedIn: () => ({ userId: current.userId, sid: current.sid }) });
    let give: (token: string) => void = () => {};
    let provided = 0;
    const captcha = () => {
      provided++;
      if (provided === 1) return 'captcha-token-first-0001';
      return new Promise<string>((resolve) => {
        give = resolve;
      });
    };
    const outcome = user
      .updateProfile(
        server.seed.plain.id,
        { email: 'taken-over@example.com', captcha_token: captcha },
        { onStepUp: async () => server.seed.plain.password },
      )
      .then(
        () => 'resolved',
        (e: { code?: string }) => e.code,
      );
    await until(() => provided === 2, 'the resend asked its captcha token');
    current = { userId: server.seed.paused.id, sid: 2, token: tokenB };
    give('captcha-token-second-0002');
    const result = await outcome;
    const forB = server.requests.filter(
      (r) => r.method === 'POST' && r.headers.authorization === `Bearer ${tokenB}`,
    );
    expect(forB).toEqual([]);
    expect(result).toBe('aborted');
  });
});

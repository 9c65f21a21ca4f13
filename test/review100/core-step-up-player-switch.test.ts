// Review 100. Severity: MEDIUM.
// What happens: the core user module asks `signedIn()` (createUserModule's option: "who is signed
// in now, asked on each sensitive change") once, when a change starts (src/user/sensitive.ts
// `sendSensitive` -> `stepUpAttemptsOf(http)`), never again before the step-up resend. A prompt
// opened for player A, answered after the adapter moved to player B, sends A's change with A's
// password under B's token: B's e-mail changes (the reference seed shares one password), and the
// attempt is counted on A's record.
// What should happen: the resend is A's; when `signedIn()` no longer names the player (or login) the
// change began for, nothing is sent and the call rejects typed (`aborted`/`unauthorized`), as the
// session client does for its own calls.
import { createOfetchAdapter, createUserModule } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';

const ref = useReferenceServer();

describe("core user module: A's step-up password is never sent for B", () => {
  it('the player changes while the prompt is open: nothing sent for B, typed rejection', async () => {
    const { server } = ref;
    const tokenA = server.issueToken(server.seed.plain.id);
    const tokenB = server.issueToken(server.seed.paused.id);
    let current = { userId: server.seed.plain.id as number, token: tokenA };
    const http = createOfetchAdapter({ baseURL: server.url, getAccessToken: () => current.token, retry: 0 });
    const user = createUserModule(http, { signedIn: () => ({ userId: current.userId }) });
    let answer: (password: string) => void = () => {};
    let asked = 0;
    const outcome = user
      .updateEmail(
        { email: 'taken-over@example.com' },
        {
          onStepUp: () => {
            asked++;
            return new Promise<string>((resolve) => {
              answer = resolve;
            });
          },
        },
      )
      .then(
        () => 'resolved',
        (e: { code?: string }) => e.code,
      );
    await until(() => asked === 1, 'the prompt asked');
    current = { userId: server.seed.paused.id, token: tokenB };
    answer(server.seed.plain.password);
    const result = await outcome;
    const forB = server.requests.filter(
      (r) => r.method === 'PATCH' && r.headers.authorization === `Bearer ${tokenB}`,
    );
    expect(forB).toEqual([]);
    expect(result).not.toBe('resolved');
  });
});

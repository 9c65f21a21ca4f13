// Review 100. Severity: MEDIUM.
// What happens: a sensitive change of the core user module (`createUserModule(http).updateEmail`,
// the standalone functions too) whose `onStepUp` prompt is open does not end when the caller's
// `signal` aborts: `sendSensitive` awaits the prompt alone (src/user/sensitive.ts, `await
// onStepUp(marked)`), so a dialog the app closes (and aborts) but never answers leaves the call
// pending forever (with a `limits` option its open limit change is never released either).
// What should happen: the contract's `AbortedError` ("the caller's signal aborted"): the call
// rejects with code `aborted` as soon as the signal aborts, nothing more sent, as `createPamClient`'s
// wrapper already does (machines/client/outcome.ts races the prompt against the signal).
import { createOfetchAdapter, createUserModule } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { turns, until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';

const ref = useReferenceServer();

describe('core user module: the signal ends an open step-up prompt', () => {
  it('aborted while the prompt is open: rejects `aborted` at once, nothing more sent', async () => {
    const { server } = ref;
    const token = server.issueToken(server.seed.plain.id);
    const http = createOfetchAdapter({ baseURL: server.url, getAccessToken: () => token, retry: 0 });
    const user = createUserModule(http);
    const controller = new AbortController();
    let asked = 0;
    let settled: unknown = 'pending';
    void user
      .updateEmail(
        { email: 'new@example.com' },
        {
          signal: controller.signal,
          // A dialog that is closed, never answered.
          onStepUp: () => {
            asked++;
            return new Promise<null>(() => {});
          },
        },
      )
      .then(
        () => {
          settled = 'resolved';
        },
        (e: unknown) => {
          settled = e;
        },
      );
    await until(() => asked === 1, 'the prompt asked');
    controller.abort();
    await turns(50);
    expect((settled as { code?: unknown }).code).toBe('aborted');
    expect(server.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
  });
});

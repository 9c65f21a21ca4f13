// A call's own `onStepUp: null` opts that call out of the client's prompt (`createPamClient({ onStepUp })`):
// the `step_up_required` is thrown, nobody asked, nothing sent again. `undefined` (or no option)
// means "not set": the client's prompt asks. (Before: `||=` replaced a null with the client's prompt,
// so a form that had asked the password itself, or a flow that must never prompt, got a dialog.)
import type { PamError } from 'pam-client';
import { createPamClient } from 'pam-client/machines';
import { startReferenceServer } from 'pam-client/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { until } from '../support/until-view';

let server: Awaited<ReturnType<typeof startReferenceServer>>;
beforeAll(async () => {
  server = await startReferenceServer();
});
beforeEach(() => server.reset());
afterAll(() => server.close());

const emailCalls = () => server.requests.filter((r) => r.path.includes('email')).length;

async function signedIn(prompt: () => Promise<string | null>) {
  const client = createPamClient({ baseURL: server.url, environment: { channel: null }, onStepUp: prompt });
  client.login({ login: server.seed.plain.email, password: 'Secret123!' });
  await until(client, (v) => v.status === 'signedIn');
  return client;
}

describe('a call opts out of the client-level step-up prompt with onStepUp: null', () => {
  test('null: the step_up_required is thrown, the client prompt never asked, sent once', async () => {
    let asked = 0;
    const client = await signedIn(async () => {
      asked++;
      return 'Secret123!';
    });
    try {
      const before = emailCalls();
      const error = await client.user.updateEmail({ email: 'novo@example.com' }, { onStepUp: null }).then(
        () => null,
        (e: PamError) => e,
      );
      expect(error?.code).toBe('step_up_required');
      expect(asked).toBe(0);
      expect(emailCalls()).toBe(before + 1);
    } finally {
      client.stop();
    }
  });

  test('undefined (not set): the client prompt asks and the change is sent again with it', async () => {
    let asked = 0;
    const client = await signedIn(async () => {
      asked++;
      return 'Secret123!';
    });
    try {
      const before = emailCalls();
      await client.user.updateEmail({ email: 'novo@example.com' }, { onStepUp: undefined });
      expect(asked).toBe(1);
      expect(emailCalls()).toBe(before + 2);
    } finally {
      client.stop();
    }
  });
});

// Review 95, probes that hold: a call's `onStepUp` that is not a function and not `undefined`
// (false, 0, '', a plain object, a getter answering null) asks nobody, not even the client's
// prompt, and the call ends with a typed PamError (never a TypeError of calling a non-function).
import type { PamError } from 'pam-client';
import { isPamError } from 'pam-client';
import { createPamClient } from 'pam-client/machines';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startReferenceServer } from '../../src/testing/index';
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
  client.login({ login: server.seed.plain.email, password: server.seed.plain.password });
  await until(client, (v) => v.status === 'signedIn');
  return client;
}

const values: [string, () => object][] = [
  ['false', () => ({ onStepUp: false })],
  ['0', () => ({ onStepUp: 0 })],
  ["''", () => ({ onStepUp: '' })],
  ['a plain object', () => ({ onStepUp: {} })],
  [
    'a getter answering null',
    () => ({
      get onStepUp() {
        return null;
      },
    }),
  ],
];

describe("a call's onStepUp that is no prompt", () => {
  for (const [name, options] of values)
    test(`${name}: the client's prompt is not asked, the change sent once, a typed error`, async () => {
      let asked = 0;
      const client = await signedIn(async () => {
        asked++;
        return server.seed.plain.password;
      });
      try {
        const before = emailCalls();
        const error = await client.user.updateEmail({ email: 'novo@example.com' }, options() as never).then(
          () => null,
          (e: PamError) => e,
        );
        expect(isPamError(error)).toBe(true);
        expect(asked).toBe(0);
        expect(emailCalls()).toBe(before + 1);
      } finally {
        client.stop();
      }
    });
});

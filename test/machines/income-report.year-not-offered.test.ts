// REVIEW29A-8 (LOW, bad input sent): `incomeReportMachine` loads the years a report can be asked
// for (`getAvailableYears`, spec 4.5) and then sends `GENERATE` for any year, one it was just told
// is not available included: the POST goes out and the server's 422 comes back as an `http` error,
// where the client knew before sending (`invalid_request`, nothing sent, as for a bad delivery type).
import { createAuthModule, createOfetchAdapter, createUserModule } from 'pam-client';
import { incomeReportMachine } from 'pam-client/machines';
import { startReferenceServer } from 'pam-client/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';

let server: Awaited<ReturnType<typeof startReferenceServer>>;
beforeAll(async () => {
  server = await startReferenceServer();
});
afterAll(() => server.close());

describe('REVIEW29A-8: a year the server did not offer', () => {
  test('is refused before sending', async () => {
    let token: string | null = null;
    const http = createOfetchAdapter({ baseURL: server.url, getAccessToken: () => token });
    const login = await createAuthModule(http).login({
      login: server.seed.plain.email,
      password: server.seed.plain.password,
    });
    token = 'access_token' in login ? (login.access_token ?? null) : null;
    const clock = new SimulatedClock();
    const actor = createActor(incomeReportMachine, {
      input: { user: createUserModule(http), now: () => clock.now() },
      clock,
    }).start();
    try {
      const ready = await waitFor(actor, (s) => s.matches('ready'));
      expect(ready.context.years).toEqual([2021, 2022, 2023, 2024, 2025]);
      const posts = () => server.requests.filter((r) => r.path === '/income-report/generate').length;
      const before = posts();
      actor.send({ type: 'GENERATE', referenceYear: 2030, deliveryType: 'email' });
      const failed = await waitFor(actor, (s) => s.matches('failed'));
      expect(posts()).toBe(before);
      expect(failed.context.error?.code).toBe('invalid_request');
      expect(failed.context.error).toMatchObject({ issues: [{ path: ['reference_year'] }] });
      // RETRY asks the same year: refused again, nothing sent.
      actor.send({ type: 'RETRY' });
      await waitFor(actor, (s) => s.matches('failed'));
      expect(posts()).toBe(before);
      // The machine stays usable: RESET, then a year offered goes.
      actor.send({ type: 'RESET' });
      expect(actor.getSnapshot().matches('ready')).toBe(true);
      actor.send({ type: 'GENERATE', referenceYear: 2025, deliveryType: 'email' });
      await waitFor(actor, (s) => !s.matches('generating'));
      expect(posts()).toBe(before + 1);
    } finally {
      actor.stop();
    }
  });
});

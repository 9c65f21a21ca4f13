// The server-session client checks a login before it goes to its own proxy, as createPamClient
// does before it goes to the API: a login or password missing, empty or of the wrong kind is
// `failed` with `invalid_request` and nothing is sent (the proxy would refuse it anyway, but the
// password must not travel for a request that cannot work).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serverSessionAuth } from '../../machines/server-session/auth';
import { createAuthModule, type HttpAdapter, RequestValidationError } from '../../src/index';
import { until } from '../support/event-loop';
import { SIGNED_OUT, seededClients } from './seeded-client';

const start = seededClients();

const BAD: unknown[] = [
  {},
  { login: '', password: 'Secret-123' },
  { login: 'player@example.com', password: '' },
  { login: 'player@example.com' },
  { password: 'Secret-123' },
  { login: 5, password: 'Secret-123' },
  { login: 'player@example.com', password: 'Secret-123', captchaToken: '' },
];

describe('a login the client can tell is bad (server session)', () => {
  it.each(BAD.map((b) => [JSON.stringify(b), b]))(
    '%s: failed invalid_request, nothing sent',
    async (_, credentials) => {
      const { client, reads } = start(SIGNED_OUT, {
        at: Date.UTC(2026, 10, 24, 15),
        answer: () => ({ status: 400, body: { message: 'bad' } }),
      });
      client.login(credentials as never);
      await until(
        () => client.view.status === 'failed',
        () => `still ${client.view.status}`,
      );
      expect(client.view.error).toMatchObject({ code: 'invalid_request' });
      expect(reads('/auth/login')).toBe(0);
    },
  );

  it('a good login is sent', async () => {
    const { client, reads } = start(SIGNED_OUT, {
      at: Date.UTC(2026, 10, 24, 15),
      answer: () => ({ status: 200, body: { type: 'two_factor_code', message: 'code sent' } }),
    });
    client.login({ login: 'player@example.com', password: 'Secret-123' });
    await until(
      () => client.view.status === 'twoFactorRequired',
      () => `still ${client.view.status}`,
    );
    expect(reads('/auth/login')).toBe(1);
  });
});

describe('the browser check agrees with the core (server session)', () => {
  const field = fc.oneof(
    fc.constant(undefined),
    fc.constantFrom('', ' ', '  x ', 'player@example.com', '123.456.789-09'),
    fc.string({ maxLength: 6 }),
    fc.integer(),
    fc.constant(null),
    fc.boolean(),
  );
  it('generated payloads: refused here exactly when the core refuses them, with the same issues', async () => {
    const sent: unknown[] = [];
    const http = {
      post: async (_p: string, body: unknown) => void sent.push(body),
    } as unknown as HttpAdapter;
    const here = serverSessionAuth(http);
    const core = createAuthModule(http);
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          { login: field, password: field, captcha_token: field, two_factor_code: field },
          { requiredKeys: [] },
        ),
        async (payload) => {
          const outcome = (e: unknown) => (e instanceof RequestValidationError ? e.issues : 'sent');
          const theirs = await core.login(payload as never).then(() => 'sent', outcome);
          const ours = await here.login(payload as never).then(() => 'sent', outcome);
          expect(ours).toEqual(theirs);
        },
      ),
      // Valid payloads are rare among generated ones (about 1 in 700): two are always tried, so
      // the "sent" side is never left to luck (CI once drew 300 runs without one).
      {
        numRuns: 300,
        examples: [
          [{ login: 'player@example.com', password: 'Secret-123' }],
          [{ login: '123.456.789-09', password: 'x', two_factor_code: '123456' }],
        ],
      },
    );
    expect(sent.length).toBeGreaterThan(0);
  });
});

// REVIEW-AC AC-5, the server-session client: a captcha provider answering no string (a number, the
// widget's object, undefined) fails the login with `invalid_request` on `captcha_token` and nothing
// goes to the proxy (before: the login went without `captcha_token`).
import { describe, expect, it } from 'vitest';
import { CANARY, everythingAbout } from '../support/canary';
import { until } from '../support/event-loop';
import { SIGNED_OUT, seededClients } from './seeded-client';

const start = seededClients();

describe('a captcha provider answering no token (server session)', () => {
  it.each([
    ['a number', () => 42],
    ['an object', async () => ({ token: CANARY.captcha })],
    ['undefined', () => undefined],
  ])('%s: failed invalid_request, nothing sent', async (_, captchaToken) => {
    const { client, reads } = start(SIGNED_OUT, {
      at: Date.UTC(2026, 10, 24, 15),
      answer: () => ({ status: 200, body: { type: 'two_factor_code', message: 'code sent' } }),
    });
    client.login({ login: 'player@example.com', password: 'Secret-123', captchaToken } as never);
    await until(
      () => client.view.status === 'failed',
      () => `still ${client.view.status}`,
    );
    expect(client.view.error).toMatchObject({ code: 'invalid_request' });
    expect((client.view.error as { issues?: { path: unknown[] }[] }).issues?.map((i) => i.path)).toEqual([
      ['captcha_token'],
    ]);
    expect(everythingAbout(client.view.error)).not.toContain(CANARY.captcha);
    expect(reads('/auth/login')).toBe(0);
  });

  it('a string token is sent', async () => {
    const { client, reads } = start(SIGNED_OUT, {
      at: Date.UTC(2026, 10, 24, 15),
      answer: () => ({ status: 200, body: { type: 'two_factor_code', message: 'code sent' } }),
    });
    client.login({ login: 'player@example.com', password: 'Secret-123', captchaToken: () => 'tok-123' });
    await until(
      () => client.view.status === 'twoFactorRequired',
      () => `still ${client.view.status}`,
    );
    expect(reads('/auth/login')).toBe(1);
  });
});

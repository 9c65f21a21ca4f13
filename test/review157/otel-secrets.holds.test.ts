import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { traceFunnel } from '../../machines/otel/index';
import { secret } from '../../src/index';
import { funnelTab } from '../funnel/record';
import { CANARY } from '../support/canary';
import { logIn, S, useWorld } from '../support/world';

// Review 157 (B): no secret (password, 2FA code, captcha token, access token) nor the login (CPF,
// e-mail) reaches a span's name, attributes, events or status message, even when the server
// echoes them in its errors.

const world = useWorld({ reportStepMs: S });

function traced(o: Parameters<typeof funnelTab>[1] = {}) {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const tab = funnelTab(world, { funnel: { appSources: ['web'] }, ...o });
  traceFunnel(tab.client, { tracer: provider.getTracer('review157') });
  return { tab, spans: (): readonly ReadableSpan[] => exporter.getFinishedSpans() };
}

/** Everything of a span an exporter sends that the app did not set itself. */
const shown = (spans: readonly ReadableSpan[]) =>
  JSON.stringify(spans.map((s) => ({ n: s.name, a: s.attributes, e: s.events, st: s.status, l: s.links })));

async function settleUntil(cond: () => boolean) {
  for (let i = 0; i < 200 && !cond(); i++) await world.advance(50, 50);
  expect(cond()).toBe(true);
}

const echo = (...values: string[]) => ({
  message: `login failed for ${values.join(' / ')}`,
  code: values[0],
  error: values.join(','),
  errors: { password: values, login: values, two_factor_code: values, captcha_token: values },
});

describe('traceFunnel: secrets and logins never reach a span', () => {
  it('a CPF sign-in refused with every secret echoed, then a 2FA code rejected with it echoed', async () => {
    const { tab, spans } = traced();
    await world.settle();
    const { cpf, email, password, twoFactorCode } = world.server.seed.twoFactor;
    world.server.faults.add({
      method: 'POST',
      path: '/auth/login',
      status: 422,
      body: echo(CANARY.password, CANARY.captcha, cpf, email),
      times: 1,
    });
    tab.client.login({
      login: cpf,
      password: CANARY.password,
      captchaToken: CANARY.captcha,
      appSource: 'web',
    });
    await settleUntil(() => tab.client.view.status === 'failed');
    tab.client.login({ login: cpf, password, captchaToken: CANARY.captcha, appSource: 'web' });
    await settleUntil(() => tab.client.view.status === 'twoFactorRequired');
    world.server.faults.add({
      method: 'POST',
      path: '/auth/login',
      status: 422,
      body: { ...echo(CANARY.code, CANARY.captcha, cpf), code: 'two_factor_invalid' },
      times: 1,
    });
    tab.client.submitCode(secret(CANARY.code), CANARY.captcha);
    await settleUntil(() =>
      tab.funnel.some((e) => e.type === 'signIn.codeRejected' || e.type === 'signIn.failed'),
    );
    tab.client.submitCode(twoFactorCode!);
    await world.advance(5 * S);
    const token = (await tab.token()) ?? 'no-token';
    tab.client.stop();
    const text = shown(spans());
    expect(spans().map((s) => s.attributes['pam.method'])).toEqual(['cpf', 'cpf']);
    expect(spans()[0]!.attributes['pam.outcome']).toBe('failed');
    expect(spans()[1]!.events.map((e) => e.name)).toContain('codeAsked');
    for (const value of [CANARY.password, CANARY.captcha, CANARY.code, cpf, email, password, token])
      expect(text).not.toContain(value);
    expect(text).not.toContain('example.com');
  });

  it("a step-up whose resend is answered 500 echoing the player's password and token", async () => {
    const password = world.server.seed.plain.password;
    const { tab, spans } = traced({ onStepUp: async () => secret(password) });
    await logIn(world, tab);
    const token = (await tab.token())!;
    world.server.faults.add({
      method: 'PATCH',
      path: '/bff/users/self-email',
      status: 500,
      body: echo(password, token),
      times: 1,
    });
    world.server.faults.add({
      method: 'PATCH',
      path: '/bff/users/self-email',
      status: 422,
      body: {
        message: 'Confirm your password.',
        code: 'password_check_required',
        errors: { password_check: ['required'] },
      },
      times: 1,
    });
    const call = tab.client.user.updateEmail({ email: 'ana.novo@example.org' }).catch((e: unknown) => e);
    await world.during(call);
    tab.client.stop();
    const stepUp = spans().find((s) => s.name === 'pam.stepUp');
    expect(stepUp?.attributes['pam.outcome']).toBe('failed');
    const text = shown(spans());
    for (const value of [password, token, 'ana.novo@example.org']) expect(text).not.toContain(value);
  });
});

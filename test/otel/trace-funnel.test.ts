import { SpanStatusCode } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { traceFunnel } from '../../machines/otel/index';
import { funnelTab } from '../funnel/record';
import { logIn, S, useWorld } from '../support/world';

// Issue 34: pam-client/otel, with the OpenTelemetry SDK's in-memory exporter: a span per run of a
// flow, its steps as span events, its outcome as the status (an error code, never a message), no
// identifying attribute; abandoned runs' spans end when the run is abandoned or the client stops.

const world = useWorld({ reportStepMs: S });

function traced(o: Parameters<typeof funnelTab>[1] = {}) {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const tab = funnelTab(world, o);
  const stop = traceFunnel(tab.client, { tracer: provider.getTracer('test') });
  return { tab, spans: () => exporter.getFinishedSpans(), stop };
}

async function settleUntil(cond: () => boolean) {
  for (let i = 0; i < 200 && !cond(); i++) await world.advance(50, 50);
  expect(cond()).toBe(true);
}

/** Nothing but the funnel's own fields: `pam.*` and the HTTP status, as numbers, booleans or closed-set words. */
function expectNoIdentifyingAttribute(spans: readonly ReadableSpan[]) {
  for (const span of spans) {
    const all = [span.attributes, ...span.events.map((e) => e.attributes ?? {})];
    for (const attributes of all) {
      for (const key of Object.keys(attributes))
        expect(key.startsWith('pam.') || key === 'http.response.status_code').toBe(true);
      expect(Object.keys(attributes)).not.toContain('enduser.id');
    }
    expect(span.name).toMatch(/^pam\.[a-zA-Z.]+$/);
  }
}

describe('traceFunnel (pam-client/otel)', () => {
  it('a sign-in with a rejected code: one span, the steps as events, status OK, its duration the run’s', async () => {
    const { tab, spans } = traced({ funnel: { appSources: ['web'] } });
    await world.settle();
    const { email, password, twoFactorCode } = world.server.seed.twoFactor;
    tab.client.login({ login: email, password, appSource: 'web' });
    await settleUntil(() => tab.client.view.status === 'twoFactorRequired');
    tab.client.submitCode('000000');
    await settleUntil(() => tab.funnel.some((e) => e.type === 'signIn.codeRejected'));
    await world.advance(3 * S);
    tab.client.submitCode(twoFactorCode!);
    await settleUntil(() => tab.client.view.status === 'signedIn');
    const [span] = spans();
    expect(spans()).toHaveLength(1);
    expect(span!.name).toBe('pam.signIn');
    expect(span!.status).toEqual({ code: SpanStatusCode.OK });
    expect(span!.events.map((e) => e.name)).toEqual(['codeAsked', 'codeRejected']);
    expect(span!.events[1]!.attributes).toEqual({ 'pam.attempt': 1 });
    expect(span!.attributes).toMatchObject({
      'pam.method': 'email',
      'pam.app_source': 'web',
      'pam.code_asked': true,
      'pam.outcome': 'signedIn',
    });
    const signedIn = tab.funnel.find((e) => e.type === 'signIn.signedIn') as { durationMs: number };
    const ms = span!.duration[0] * 1000 + span!.duration[1] / 1e6;
    expect(ms).toBe(signedIn.durationMs);
    expect(ms).toBeGreaterThanOrEqual(3 * S);
    expectNoIdentifyingAttribute(spans());
  });

  it('a failed sign-in: status ERROR with the error code as its description, never the message', async () => {
    const { tab, spans } = traced();
    await world.settle();
    world.server.faults.add({
      method: 'POST',
      path: '/auth/login',
      status: 422,
      body: { message: 'player@example.com: wrong password', errors: { login: ['player@example.com'] } },
      times: 1,
    });
    tab.client.login({ login: world.server.seed.plain.email, password: 'wrong-password' });
    await settleUntil(() => tab.client.view.status === 'failed');
    const [span] = spans();
    expect(span!.status).toEqual({ code: SpanStatusCode.ERROR, message: 'http' });
    expect(span!.attributes).toMatchObject({ 'pam.error.code': 'http', 'http.response.status_code': 422 });
    expect(JSON.stringify([span!.attributes, span!.events, span!.status])).not.toContain('example.com');
    expectNoIdentifyingAttribute(spans());
  });

  it('abandoned runs end their span: cancelled at the code, and a sign-in open when the client stops', async () => {
    const { tab, spans } = traced();
    await world.settle();
    const { email, password } = world.server.seed.twoFactor;
    tab.client.login({ login: email, password });
    await settleUntil(() => tab.client.view.status === 'twoFactorRequired');
    tab.client.cancel();
    world.hangAnswers({ method: 'POST', path: '/auth/login', times: 1 });
    tab.client.login({ login: email, password });
    await world.advance(S);
    expect(spans()).toHaveLength(1);
    tab.client.stop();
    expect(
      spans().map((s) => [s.attributes['pam.outcome'], s.attributes['pam.abandon_reason'], s.ended]),
    ).toEqual([
      ['abandoned', 'cancelled', true],
      ['abandoned', 'stopped', true],
    ]);
    expect(spans().every((s) => s.status.code === SpanStatusCode.UNSET)).toBe(true);
  });

  it('a span per step-up, responsible-gaming change and income report; the open ones end when the client stops', async () => {
    const { tab, spans } = traced({ onStepUp: async () => world.server.seed.plain.password });
    await logIn(world, tab);
    await world.during(tab.client.user.setTimeoutLimits({ user_pause: 2, reason: 1 }));
    await world.during(tab.client.user.generateIncomeReport({ reference_year: 2025, type: 'email' }));
    tab.client.stop();
    const byName = Object.fromEntries(spans().map((s) => [s.name, s]));
    expect(Object.keys(byName).sort()).toEqual([
      'pam.incomeReport',
      'pam.rg.change',
      'pam.signIn',
      'pam.stepUp',
    ]);
    expect(byName['pam.stepUp']!.attributes).toMatchObject({
      'pam.change': 'pause',
      'pam.outcome': 'completed',
    });
    expect(byName['pam.rg.change']!.status.code).toBe(SpanStatusCode.OK);
    expect(byName['pam.incomeReport']!.attributes).toMatchObject({
      'pam.delivery': 'email',
      'pam.outcome': 'abandoned',
      'pam.abandon_reason': 'stopped',
    });
    expectNoIdentifyingAttribute(spans());
  });

  it('a responsible-gaming change still waiting for its answer when the client stops: its span ends then', async () => {
    const { tab, spans } = traced();
    await logIn(world, tab);
    world.hangAnswers({ method: 'PATCH', path: '/bff/users/timeout-limits', times: 1 });
    const call = tab.client.user.setTimeoutLimits({ user_pause: 2, reason: 1 }).catch(() => {});
    await world.advance(200, 50);
    expect(spans().map((s) => s.name)).toEqual(['pam.signIn']);
    tab.client.stop();
    const change = spans().find((s) => s.name === 'pam.rg.change');
    expect(change?.attributes).toMatchObject({
      'pam.change': 'pause',
      'pam.outcome': 'abandoned',
      'pam.abandon_reason': 'stopped',
    });
    void call;
  });

  it('its stop ends the spans still open (abandoned, untraced) and exports them (REVIEW-S S-4)', async () => {
    const { tab, spans, stop } = traced();
    await world.settle();
    const { email, password } = world.server.seed.plain;
    world.hangAnswers({ method: 'POST', path: '/auth/login', times: 1 });
    tab.client.login({ login: email, password });
    await world.advance(S);
    expect(spans()).toEqual([]);
    stop();
    expect(
      spans().map((s) => [s.name, s.attributes['pam.outcome'], s.attributes['pam.abandon_reason']]),
    ).toEqual([['pam.signIn', 'abandoned', 'untraced']]);
    tab.client.stop();
    expect(spans()).toHaveLength(1);
  });

  it('stops listening when asked', async () => {
    const { tab, spans, stop } = traced();
    stop();
    await logIn(world, tab);
    expect(spans()).toEqual([]);
    expect(tab.funnel.length).toBeGreaterThan(0);
  });
});

// REVIEW106 probes (hold): OTel spans and funnel events when the flow is stopped mid-request, and a
// throwing app listener / tracer. Tried, over real sockets on simulated time:
// - a sign-in whose POST /auth/login hangs, then client.stop(): one span, ended once, outcome
//   abandoned / stopped; the bridge's own stop afterwards ends nothing again.
// - a step-up prompt left open on updateLimits plus an income report pending, then client.stop():
//   pam.stepUp, pam.rg.change and pam.incomeReport each ended exactly once; no span left open.
// - every funnel listener throwing and a tracer whose every span method throws: the sign-in still
//   completes (view signedIn, canBet true), every other listener still hears each event once, in
//   order; the thrown errors are the listeners' own (rethrown in a microtask, counted here).
// - no attribute, event attribute, status message or span name holds the login, the password or
//   the token.
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { traceFunnel } from '../../machines/otel/index';
import { FUNNEL_TYPES, funnelTab, typesOf } from '../funnel/record';
import { S, useWorld } from '../support/world';

const world = useWorld({ reportStepMs: S });

async function settleUntil(cond: () => boolean) {
  for (let i = 0; i < 200 && !cond(); i++) await world.advance(50, 50);
  expect(cond()).toBe(true);
}

function countingTracer() {
  const exporter = new InMemorySpanExporter();
  const real = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).getTracer(
    't',
  );
  const ends: Record<string, number> = {};
  let n = 0;
  const tracer = {
    startSpan(name: string, opts: unknown) {
      const span = real.startSpan(name, opts as never);
      const id = `${name}#${++n}`;
      ends[id] = 0;
      const end = span.end.bind(span);
      span.end = (t?: never) => {
        ends[id]! += 1;
        end(t);
      };
      return span;
    },
  };
  return { tracer: tracer as never, ends, spans: () => exporter.getFinishedSpans() };
}

let uncaught: unknown[] = [];
const count = (e: unknown) => uncaught.push(e);
beforeEach(() => {
  uncaught = [];
  process.on('uncaughtException', count);
});
afterEach(() => {
  process.off('uncaughtException', count);
});

describe('REVIEW106: spans end once when a flow is stopped mid-request', () => {
  it('a sign-in whose request hangs, then stop(): one span, ended once, abandoned/stopped', async () => {
    const tab = funnelTab(world);
    const t = countingTracer();
    const stopTrace = traceFunnel(tab.client, { tracer: t.tracer });
    await world.settle();
    world.hangAnswers({ method: 'POST', path: '/auth/login', times: 1 });
    tab.client.login({ login: world.server.seed.plain.email, password: world.server.seed.plain.password });
    await world.advance(2 * S);
    tab.client.stop();
    await world.advance(S);
    stopTrace();
    expect(Object.values(t.ends)).toEqual([1]);
    expect(t.spans()[0]!.attributes).toMatchObject({
      'pam.outcome': 'abandoned',
      'pam.abandon_reason': 'stopped',
    });
    expect(typesOf(tab.funnel)).toEqual(['signIn.started', 'signIn.abandoned', 'session.stopped']);
  });

  it('a step-up prompt open and a report pending at stop(): each span ended exactly once', async () => {
    let answer: (v: string | null) => void = () => {};
    const tab = funnelTab(world, { onStepUp: () => new Promise<string | null>((r) => (answer = r)) });
    const t = countingTracer();
    traceFunnel(tab.client, { tracer: t.tracer });
    await world.settle();
    const { email, password } = world.server.seed.plain;
    tab.client.login({ login: email, password });
    await settleUntil(() => tab.client.view.status === 'signedIn');
    await world.advance(2 * S);
    const change = tab.client.user.setSelfExclusion({ user_exclusion: 3, reason: 1 });
    change.catch(() => {});
    await settleUntil(() => tab.funnel.some((e) => e.type === 'stepUp.started'));
    const report = tab.client.user.generateIncomeReport({ reference_year: 2025, type: 'email' });
    report.catch(() => {});
    await world.advance(S);
    tab.client.stop();
    answer(password);
    await world.advance(2 * S);
    for (const [id, n] of Object.entries(t.ends)) expect([id, n]).toEqual([id, 1]);
    const names = t
      .spans()
      .map((s) => s.name)
      .sort();
    expect(names).toEqual(['pam.incomeReport', 'pam.rg.change', 'pam.signIn', 'pam.stepUp']);
    const all = JSON.stringify(t.spans().map((s) => [s.name, s.attributes, s.events, s.status]));
    for (const secret of [email, password]) expect(all).not.toContain(secret);
  });

  it('throwing listeners and a throwing tracer never break a sign-in nor hide events from others', async () => {
    const tab = funnelTab(world);
    const broken = new Proxy(
      {},
      {
        get: () => () => {
          throw new Error('sdk down');
        },
      },
    );
    traceFunnel(tab.client, { tracer: broken as never });
    for (const type of Object.keys(FUNNEL_TYPES))
      tab.client.on(type as never, () => {
        throw new Error(`app listener ${type}`);
      });
    const heard: string[] = [];
    for (const type of Object.keys(FUNNEL_TYPES))
      tab.client.on(type as never, (e: { type: string }) => heard.push(e.type));
    await world.settle();
    tab.client.login({ login: world.server.seed.plain.email, password: world.server.seed.plain.password });
    await settleUntil(() => tab.client.view.restrictions?.status === 'current');
    expect(tab.client.view.status).toBe('signedIn');
    expect(tab.client.view.restrictions?.canBet).toBe(true);
    expect(heard).toEqual(typesOf(tab.funnel));
    expect(heard.slice(0, 2)).toEqual(['signIn.started', 'signIn.signedIn']);
    tab.client.stop();
    await world.advance(S);
    expect(uncaught.length).toBeGreaterThan(0);
    expect(uncaught.every((e) => String(e).includes('app listener'))).toBe(true);
  });
});

import { SpanStatusCode } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  type ReadableSpan,
  SimpleSpanProcessor,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { traceFunnel } from '../../machines/otel/index';
import { funnelTab } from '../funnel/record';
import { S, useWorld } from '../support/world';

// Generated sequences of sign-in outcomes (signed in, 2FA accepted or rejected first, wrong
// password, cancelled account, 503, dropped connection, cancel or logout mid-flight, stop
// mid-flight), with the OTel bridge on an exporter that records (or throws on every export):
// each span the bridge starts ends exactly once; each `signIn.started` has exactly one outcome;
// `signIn.signedIn` only for a run whose login reached `signedIn`; nothing after
// `session.stopped`; a throwing exporter changes none of the client's outcomes.

const world = useWorld({ reportStepMs: S });
const LOGIN = '/auth/login';
const STEPS = [
  'ok',
  'twoFactor',
  'twoFactorRejected',
  'wrong',
  'cancelledAccount',
  'http503',
  'drop',
  'cancelMid',
  'logoutMid',
] as const;
type Step = (typeof STEPS)[number];
const OUTCOMES = ['signIn.signedIn', 'signIn.failed', 'signIn.cancelledAccount', 'signIn.abandoned'];

async function until(cond: () => boolean) {
  for (let i = 0; i < 200 && !cond(); i++) await world.advance(50, 50);
  expect(cond()).toBe(true);
}

async function play(steps: readonly Step[], stopMid: boolean, throwing: boolean) {
  const ended: ReadableSpan[] = [];
  const exporter: SpanExporter = {
    export: (spans, done) => {
      if (throwing) throw new Error('exporter down');
      ended.push(...spans);
      done({ code: 0 });
    },
    shutdown: async () => {},
  };
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const tracer = provider.getTracer('t');
  let started = 0;
  const counting = new Proxy(tracer, {
    get: (t, k) =>
      k === 'startSpan'
        ? (...a: Parameters<typeof tracer.startSpan>) => {
            started++;
            return t.startSpan(...a);
          }
        : Reflect.get(t, k),
  });
  const tab = funnelTab(world);
  traceFunnel(tab.client, { tracer: counting });
  await world.settle();
  const reached: boolean[] = [];
  const seed = world.server.seed;
  for (const step of steps) {
    const account =
      step === 'cancelledAccount' ? seed.cancelled : step.startsWith('two') ? seed.twoFactor : seed.plain;
    if (step === 'http503') world.server.faults.add({ path: LOGIN, status: 503, times: 1 });
    if (step === 'drop') world.server.faults.add({ path: LOGIN, drop: true, times: 1 });
    if (step === 'cancelMid' || step === 'logoutMid')
      world.hangAnswers({ method: 'POST', path: LOGIN, times: 1 });
    tab.client.login({
      login: account.email,
      password: step === 'wrong' ? 'not-the-password-1' : account.password,
    });
    if (step === 'cancelMid' || step === 'logoutMid') {
      await world.advance(100, 50);
      if (step === 'cancelMid') tab.client.cancel();
      else tab.client.logout();
    } else if (step.startsWith('two')) {
      await until(() => tab.client.view.status === 'twoFactorRequired');
      if (step === 'twoFactorRejected') {
        tab.client.submitCode('000000');
        await until(() => tab.funnel.some((e) => e.type === 'signIn.codeRejected'));
        await world.advance(3 * S);
      }
      tab.client.submitCode(seed.twoFactor.twoFactorCode!);
    }
    await until(() => !['signingIn', 'verifyingCode'].includes(tab.client.view.status));
    await world.settle();
    reached.push(tab.client.view.status === 'signedIn');
    if (tab.client.view.status === 'signedIn') {
      tab.client.logout();
      await until(() => tab.client.view.status === 'signedOut');
    } else if (tab.client.view.status !== 'signedOut') tab.client.cancel();
    await world.settle();
  }
  if (stopMid) {
    world.hangAnswers({ method: 'POST', path: LOGIN, times: 1 });
    tab.client.login({ login: seed.plain.email, password: seed.plain.password });
    await world.advance(100, 50);
    reached.push(false);
  }
  tab.client.stop();
  await world.settle();
  const afterStop = tab.funnel.length;
  await world.advance(2 * S, 100);
  return { tab, ended, started, reached, afterStop };
}

describe('generated sign-in outcomes: funnel and spans (review 130)', () => {
  it('each span ends once, each run one outcome, success only when signed in, nothing after stop', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...STEPS), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        fc.boolean(),
        async (steps, stopMid, throwing) => {
          world.server.faults.clear();
          const { tab, ended, started, reached, afterStop } = await play(steps, stopMid, throwing);
          world.closeAll();
          const runs = tab.funnel.filter((e) => e.type === 'signIn.started');
          expect(runs).toHaveLength(reached.length);
          for (const [i, s] of runs.entries()) {
            const run = (s as { run: number }).run;
            const outcomes = tab.funnel.filter(
              (e) => OUTCOMES.includes(e.type) && (e as { run?: number }).run === run,
            );
            expect(outcomes).toHaveLength(1);
            expect(outcomes[0]!.type === 'signIn.signedIn').toBe(reached[i]);
          }
          expect(tab.funnel.at(-1)?.type).toBe('session.stopped');
          expect(tab.funnel).toHaveLength(afterStop);
          if (throwing) expect(ended).toEqual([]);
          else {
            expect(ended).toHaveLength(started);
            expect(new Set(ended.map((s) => s.spanContext().spanId)).size).toBe(started);
            const ok = ended.filter((s) => s.status.code === SpanStatusCode.OK).length;
            expect(ok).toBe(reached.filter(Boolean).length);
          }
          expect(started).toBe(reached.length);
        },
      ),
      { numRuns: 12, seed: 130 },
    );
  }, 300_000);
});

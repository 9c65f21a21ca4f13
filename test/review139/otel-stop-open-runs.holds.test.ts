import type { Span, Tracer } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { traceFunnel } from '../../machines/otel/index';
import { funnelTab } from '../funnel/record';
import { logIn, S, useWorld } from '../support/world';

// Generated sets of runs left open at the end (a sign-in at its 2FA step; or, signed in: a pause
// whose answer hangs, a limits change whose step-up prompt never answers, an income report not
// yet done), ended by `client.stop()` or by the bridge's own stop: every span the tracer started
// is ended exactly once (`end` counted per span), none left open, each with an outcome; the
// funnel closes each run once; after the end nothing more is told.

const world = useWorld({ reportStepMs: S });

function countingTracer(tracer: Tracer) {
  const ends = new Map<Span, number>();
  const wrapped = new Proxy(tracer, {
    get: (t, k) =>
      k === 'startSpan'
        ? (...a: Parameters<Tracer['startSpan']>) => {
            const span = t.startSpan(...a);
            ends.set(span, 0);
            const end = span.end.bind(span);
            span.end = (at) => {
              ends.set(span, (ends.get(span) ?? 0) + 1);
              end(at);
            };
            return span;
          }
        : Reflect.get(t, k),
  });
  return { wrapped, ends };
}

describe('open runs at the end: spans end once (review 139)', () => {
  it('over generated open runs and the way tracing ends', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          twoFactor: fc.boolean(),
          pause: fc.boolean(),
          prompt: fc.boolean(),
          report: fc.boolean(),
          end: fc.constantFrom('clientStop', 'untrace', 'both'),
        }),
        async (o) => {
          world.renew();
          world.server.reset();
          const exporter = new InMemorySpanExporter();
          const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
          const { wrapped, ends } = countingTracer(provider.getTracer('t'));
          const tab = funnelTab(world, { onStepUp: () => new Promise<string | null>(() => {}) });
          const untrace = traceFunnel(tab.client, { tracer: wrapped });
          const calls: Promise<unknown>[] = [];
          if (o.twoFactor) {
            const { email, password } = world.server.seed.twoFactor;
            await world.settle();
            tab.client.login({ login: email, password });
            for (let i = 0; i < 100 && tab.client.view.status !== 'twoFactorRequired'; i++)
              await world.advance(50, 50);
            expect(tab.client.view.status).toBe('twoFactorRequired');
          } else {
            await logIn(world, tab, 'pendingLimit');
            await world.advance(S);
            if (o.report)
              await world.during(
                tab.client.user.generateIncomeReport({ reference_year: 2025, type: 'email' }),
              );
            if (o.pause) {
              world.hangAnswers({ method: 'PATCH', path: /\/bff\/users\/timeout-limits$/, times: 1 });
              calls.push(tab.client.user.setTimeoutLimits({ user_pause: 7, reason: 1 }).catch(() => null));
            }
            if (o.prompt) {
              calls.push(
                tab.client.user
                  .updateLimits({ user_limit_deposit: 900, user_limit_deposit_period: 'daily' })
                  .catch(() => null),
              );
            }
            await world.advance(2 * S);
          }
          if (o.end !== 'untrace') tab.client.stop();
          if (o.end !== 'clientStop') untrace();
          if (o.end === 'untrace') tab.client.stop();
          await world.settle();
          const told = tab.funnel.length;
          await world.advance(2 * S);
          expect(tab.funnel.length).toBe(told);
          expect([...ends.values()].every((n) => n === 1)).toBe(true);
          expect(exporter.getFinishedSpans()).toHaveLength(ends.size);
          for (const span of exporter.getFinishedSpans()) expect(span.attributes['pam.outcome']).toBeTruthy();
          const names = exporter.getFinishedSpans().map((s) => s.name);
          if (o.twoFactor) expect(names).toEqual(['pam.signIn']);
          else {
            expect(names.includes('pam.rg.change')).toBe(o.pause || o.prompt);
            if (o.prompt) expect(names).toContain('pam.stepUp');
            expect(names.includes('pam.incomeReport')).toBe(o.report);
          }
          const opened = tab.funnel.filter((e) =>
            /\.(started|changeRequested|requested)$/.test(e.type),
          ).length;
          expect(ends.size).toBe(opened);
          const runs = new Map<string, number>();
          for (const e of tab.funnel) {
            const run = (e as { run?: unknown }).run;
            if (typeof run !== 'number' || e.type === 'incomeReport.downloaded') continue;
            const key = `${e.type.split('.')[0]}:${run}`;
            if (/\.(started|changeRequested|requested)$/.test(e.type))
              runs.set(key, (runs.get(key) ?? 0) + 1);
            else if (
              /\.(signedIn|completed|failed|cancelledAccount|abandoned|cancelled|changeAccepted|changeFailed|changeAbandoned)$/.test(
                e.type,
              )
            )
              runs.set(key, (runs.get(key) ?? 0) - 1);
          }
          expect([...runs.values()].every((n) => n === 0)).toBe(true);
          world.closeAll();
        },
      ),
      { numRuns: 12, seed: 139 },
    );
  });
});

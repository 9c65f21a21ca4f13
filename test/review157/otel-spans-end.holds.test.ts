import type { Context } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
  type Span,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { traceFunnel } from '../../machines/otel/index';
import { funnelTab } from '../funnel/record';
import { logIn, S, useWorld } from '../support/world';

// Review 157 (B): every span traceFunnel starts ends: a step-up aborted by the app's signal or
// by the login's end while its prompt is open, a sign-in in flight at client.stop(), a change
// in flight when traceFunnel's own stop is called.

const world = useWorld({ reportStepMs: S });

/** The spans started and not yet ended. */
class OpenSpans implements SpanProcessor {
  readonly open = new Set<Span>();
  onStart(span: Span, _context: Context) {
    this.open.add(span);
  }
  onEnd(span: ReadableSpan) {
    this.open.delete(span as Span);
  }
  forceFlush = async () => {};
  shutdown = async () => {};
}

function traced(o: Parameters<typeof funnelTab>[1] = {}) {
  const exporter = new InMemorySpanExporter();
  const opened = new OpenSpans();
  const provider = new BasicTracerProvider({ spanProcessors: [opened, new SimpleSpanProcessor(exporter)] });
  const tab = funnelTab(world, o);
  const stop = traceFunnel(tab.client, { tracer: provider.getTracer('review157') });
  const names = () => [...opened.open].map((s) => s.name);
  return { tab, stop, names, spans: () => exporter.getFinishedSpans() };
}

/** A client whose step-up prompt stays open until the test answers it. */
function prompting() {
  let asked = 0;
  let answer: (p: string | null) => void = () => {};
  const t = traced({
    onStepUp: () => {
      asked++;
      return new Promise<string | null>((resolve) => {
        answer = resolve;
      });
    },
  });
  return { ...t, asked: () => asked, answer: (p: string | null) => answer(p) };
}

describe('traceFunnel: no span is left open', () => {
  it("a step-up aborted by the app's signal while its prompt is open: its span ends at once", async () => {
    const t = prompting();
    await logIn(world, t.tab);
    const controller = new AbortController();
    const call = t.tab.client.user.updateEmail(
      { email: 'ana.novo@example.org' },
      { signal: controller.signal },
    );
    call.catch(() => {});
    for (let i = 0; i < 100 && t.asked() === 0; i++) await world.advance(50);
    expect(t.names()).toEqual(['pam.stepUp']);
    controller.abort();
    await world.advance(S);
    expect(t.names()).toEqual([]);
    const span = t.spans().find((s) => s.name === 'pam.stepUp');
    expect(span?.attributes).toMatchObject({ 'pam.outcome': 'abandoned', 'pam.abandon_reason': 'aborted' });
    t.answer(world.server.seed.plain.password);
  });

  it('a step-up whose login ends while its prompt is open: its span ends then (loginEnded)', async () => {
    const t = prompting();
    await logIn(world, t.tab);
    t.tab.client.user.updateEmail({ email: 'ana.novo@example.org' }).catch(() => {});
    for (let i = 0; i < 100 && t.asked() === 0; i++) await world.advance(50);
    t.tab.client.logout();
    await world.advance(2 * S);
    expect(t.names()).toEqual([]);
    const span = t.spans().find((s) => s.name === 'pam.stepUp');
    expect(span?.attributes['pam.abandon_reason']).toBe('loginEnded');
  });

  it('client.stop() with a pause and a report open ends every span', async () => {
    const t = traced({ onStepUp: async () => world.server.seed.plain.password });
    await logIn(world, t.tab);
    await world.during(t.tab.client.user.generateIncomeReport({ reference_year: 2025, type: 'email' }));
    world.hangAnswers({ method: 'PATCH', path: '/bff/users/timeout-limits', times: 1 });
    t.tab.client.user.setTimeoutLimits({ user_pause: 2, reason: 1 }).catch(() => {});
    await world.advance(500);
    expect(t.names().sort()).toEqual(['pam.incomeReport', 'pam.rg.change']);
    t.tab.client.stop();
    expect(t.names()).toEqual([]);
  });

  it("traceFunnel's own stop ends a sign-in still waiting for its answer", async () => {
    const t = traced();
    await world.settle();
    world.hangAnswers({ method: 'POST', path: '/auth/login', times: 1 });
    const { email, password } = world.server.seed.plain;
    t.tab.client.login({ login: email, password });
    await world.advance(S);
    expect(t.names()).toEqual(['pam.signIn']);
    t.stop();
    expect(t.names()).toEqual([]);
  });
});

import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { traceFunnel } from '../../machines/otel/index';
import { funnelTab } from '../funnel/record';
import { logIn, S, useWorld } from '../support/world';

// The OTel side of rg-change-at-stop.defect: the bridge ends the span of a responsible-gaming
// change still in flight at client.stop() as abandoned (stopped), once. A throwing inspector changes
// nothing of a sign-in. (A throwing `client.on` listener is rethrown in a microtask by design:
// `notify`, machines/client/view-hub.ts.)

const world = useWorld({ reportStepMs: S });

async function signedInTab() {
  const tab = funnelTab(world);
  await logIn(world, tab);
  for (let i = 0; i < 100 && !tab.funnel.some((e) => e.type === 'rg.restrictionsRead'); i++)
    await world.advance(50, 50);
  tab.funnel.length = 0;
  return tab;
}

describe('the OTel bridge and throwing observers (review 130)', () => {
  it('the OTel span of that change ends as stopped (the bridge closes what the funnel leaves open)', async () => {
    const exporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    const tab = await signedInTab();
    traceFunnel(tab.client, { tracer: provider.getTracer('t') });
    world.hangAnswers({ method: 'PATCH', path: /\/bff\/users\/timeout-limits$/, times: 1 });
    const call = tab.client.user.setTimeoutLimits({ user_pause: 7, reason: 1 });
    call.catch(() => {});
    await world.advance(200, 50);
    tab.client.stop();
    await world.settle();
    const spans = exporter.getFinishedSpans();
    expect(spans.map((s) => s.name)).toEqual(['pam.rg.change']);
    expect(spans[0]!.attributes).toMatchObject({
      'pam.outcome': 'abandoned',
      'pam.abandon_reason': 'stopped',
    });
  });

  it('an inspector that always throws: the sign-in completes and is told', async () => {
    let inspected = 0;
    const tab = funnelTab(world, {
      inspect: () => {
        inspected++;
        throw new Error('inspector window closed');
      },
    });
    const told: string[] = [];
    tab.client.on('signIn.signedIn', (e) => told.push(e.type));
    await logIn(world, tab);
    expect(tab.client.view.status).toBe('signedIn');
    expect(inspected).toBeGreaterThan(10);
    expect(told).toEqual(['signIn.signedIn']);
    expect(tab.funnel.map((e) => e.type).slice(0, 2)).toEqual(['signIn.started', 'signIn.signedIn']);
  });
});

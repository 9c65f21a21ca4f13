import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { traceFunnel } from '../../machines/otel/index';
import { funnelTab } from '../funnel/record';
import { S, useWorld } from '../support/world';

// The funnel hands ONE event object to every listener of its type, in order. A listener that
// writes to it (an analytics SDK that enriches the properties it was given with the user's
// e-mail, or renames a field in place) changes what every later listener gets: the OTel bridge
// (`traceFunnel`, registered after the app's own listener) copies every field of the event into
// span attributes (`attributesOf`), so the app's enrichment lands in the exported span, and a
// rewritten `run` leaves the sign-in's span open until `client.stop()`, ended as abandoned. Each
// listener should get the event as the funnel made it (a frozen or per-listener copy).

const world = useWorld();

function traced() {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const tab = funnelTab(world);
  return { tab, exporter, trace: () => traceFunnel(tab.client, { tracer: provider.getTracer('t') }) };
}

async function until(cond: () => boolean) {
  for (let i = 0; i < 200 && !cond(); i++) await world.advance(50, 50);
  expect(cond()).toBe(true);
}

describe('one funnel event object shared by all listeners (review 139)', () => {
  it("an earlier listener's enrichment with the e-mail never reaches a span attribute", async () => {
    const { tab, exporter, trace } = traced();
    const { email, password } = world.server.seed.plain;
    // The app's analytics listener, registered first, enriches "its" properties in place.
    tab.client.on('signIn.started', (e) => {
      try {
        Object.assign(e, { email });
      } catch {}
    });
    trace();
    await world.settle();
    tab.client.login({ login: email, password });
    await until(() => tab.client.view.status === 'signedIn');
    await world.settle();
    const spans = exporter.getFinishedSpans();
    expect(spans.map((s) => s.name)).toEqual(['pam.signIn']);
    const values = Object.values(spans[0]!.attributes).map(String);
    expect(values).not.toContain(email);
  });

  it("an earlier listener's rewrite of run does not leave the sign-in's span open", async () => {
    const { tab, exporter, trace } = traced();
    const { email, password } = world.server.seed.plain;
    tab.client.on('signIn.signedIn', (e) => {
      try {
        // An SDK that renames the field to its own schema, in place.
        const o = e as { run?: number; run_id?: number };
        o.run_id = o.run;
        delete o.run;
      } catch {}
    });
    trace();
    await world.settle();
    tab.client.login({ login: email, password });
    await until(() => tab.client.view.status === 'signedIn');
    await world.advance(S);
    // Ended with its outcome at the sign-in, not at the stop as abandoned.
    expect(exporter.getFinishedSpans().map((s) => [s.name, s.attributes['pam.outcome']])).toEqual([
      ['pam.signIn', 'signedIn'],
    ]);
  });
});

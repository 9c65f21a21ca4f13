import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import type { FunnelEvent } from '../../machines/index';
import { traceFunnel } from '../../machines/otel/index';
import { funnelTab } from '../funnel/record';
import { logIn, S, useWorld } from '../support/world';

// Review 157 (B): runs player A opened (an income report still being made, a pause whose answer
// comes late) outlive A's login. Their spans stay open through B's whole session (ended only by
// client.stop(), hours later, as "stopped"), and the funnel events that finally end them are
// stamped with B's pseudonym: A's pause / report reported as B's in the app's analytics and audit.

const world = useWorld({ reportStepMs: 10 * S });
const pseudonym = (id: number) => `player-${id}`;
const A = () => pseudonym(world.server.seed.plain.id);
const B = () => pseudonym(world.server.seed.pendingLimit.id);

function traced() {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const tab = funnelTab(world, {
    funnel: { pseudonym },
    onStepUp: async () => world.server.seed.plain.password,
  });
  traceFunnel(tab.client, { tracer: provider.getTracer('review157') });
  return { tab, spans: (): readonly ReadableSpan[] => exporter.getFinishedSpans() };
}

/** A signs in, asks for a report (made in 10 s), signs out; B signs in. */
async function reportThenSwitch(tab: ReturnType<typeof traced>['tab']) {
  await logIn(world, tab);
  const report = await world.during(
    tab.client.user.generateIncomeReport({ reference_year: 2025, type: 'download' }),
  );
  expect(report.status).not.toBe(3); // still being made when A leaves
  tab.client.logout();
  await world.advance(2 * S);
  expect(tab.state()).not.toBe('signedIn');
  await logIn(world, tab, 'pendingLimit');
  await world.advance(30 * S, 500);
}

const ofRun = (funnel: readonly FunnelEvent[], run: number) =>
  funnel.filter((e) => (e as { run?: unknown }).run === run);

describe("A's runs after B signs in on the same client", () => {
  it("A's income-report span ends when A's login ends, not when the client stops during B's session", async () => {
    const { tab, spans } = traced();
    await reportThenSwitch(tab);
    // B is signed in, A's report can never be polled or completed in this client any more.
    expect(spans().map((s) => s.name)).toContain('pam.incomeReport');
  });

  it("the event that ends A's income-report run never carries B's pseudonym", async () => {
    const { tab } = traced();
    await reportThenSwitch(tab);
    tab.client.stop();
    const requested = tab.funnel.find((e) => e.type === 'incomeReport.requested');
    expect(requested?.player).toBe(A());
    const run = (requested as { run: number }).run;
    const players = ofRun(tab.funnel, run).map((e) => e.player);
    expect(players).not.toContain(B());
  });

  it("A's pause answered after B signed in: its outcome event is not stamped with B's pseudonym", async () => {
    const { tab } = traced();
    await logIn(world, tab);
    world.delayAnswers({ method: 'PATCH', path: '/bff/users/timeout-limits', ms: 20 * S });
    const pause = tab.client.user.setTimeoutLimits({ user_pause: 2, reason: 1 }).then(
      () => 'saved',
      (e: { code?: string }) => e.code,
    );
    await world.advance(500);
    tab.client.logout();
    await world.advance(2 * S);
    await logIn(world, tab, 'pendingLimit');
    await world.advance(30 * S, 500);
    const requested = tab.funnel.find((e) => e.type === 'rg.changeRequested');
    expect(requested?.player).toBe(A());
    const ended = ofRun(tab.funnel, (requested as { run: number }).run).filter(
      (e) => e.type !== 'rg.changeRequested',
    );
    // (Its answer is withheld from B's tab: rg.changeFailed, code `aborted`; A's all the same.)
    await pause;
    expect(ended).toHaveLength(1);
    expect(ended.map((e) => e.player)).not.toContain(B());
  });
});

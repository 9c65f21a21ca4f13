// REVIEW-AC AC-6: a tracer that throws (a misconfigured or shut-down SDK: startSpan, a span's
// setAttributes, setStatus, addEvent or end) never breaks the client or the app. Before the fix
// each funnel event the bridge handled was rethrown asynchronously (an uncaught exception: a Node
// process running the client exits). Now the failure is contained, every event still reaches the
// other listeners, and every span the tracer did start is ended (once), whatever else failed.

import { DiagLogLevel, diag, type Span, type Tracer } from '@opentelemetry/api';
import fc from 'fast-check';
import type { FunnelEvent } from 'pam-client/machines';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { traceFunnel } from '../../machines/otel/index';
import { funnelTab } from '../funnel/record';
import { S, useWorld } from '../support/world';

const METHODS = ['startSpan', 'setAttributes', 'setAttribute', 'setStatus', 'addEvent', 'end'] as const;
type Method = (typeof METHODS)[number];

/** What fails: the `nth` call (from 1) of `method`, or every call of it when `nth` is 0. */
type Failure = { method: Method; nth: number };

interface FakeSpan {
  ends: number;
}

/**
 * A tracer whose calls fail as `failures` say; `startSpan` gives `undefined` (no span at all) on
 * its calls numbered in `nothing`. `spans` counts each span's `end` calls (thrown or not).
 */
function faultyTracer(failures: readonly Failure[], nothing: readonly number[] = []) {
  const calls: Record<string, number> = {};
  const spans: { ends: number }[] = [];
  const hit = (method: Method) => {
    const n = (calls[method] ?? 0) + 1;
    calls[method] = n;
    if (failures.some((f) => f.method === method && (f.nth === 0 || f.nth === n)))
      throw new Error(`tracer down (${method} #${n})`);
  };
  const tracer = {
    startSpan() {
      hit('startSpan');
      if (nothing.includes(calls.startSpan!)) return undefined;
      const counted = { ends: 0 };
      spans.push(counted);
      const span: Record<string, unknown> = {
        setAttributes: () => (hit('setAttributes'), span),
        setAttribute: () => (hit('setAttribute'), span),
        setStatus: () => (hit('setStatus'), span),
        addEvent: () => (hit('addEvent'), span),
        end: () => {
          counted.ends++;
          hit('end');
        },
      };
      return span as unknown as Span;
    },
  } as unknown as Tracer;
  return { tracer, spans };
}

describe('traceFunnel with a tracer that throws, a real client (AC-6)', () => {
  const world = useWorld({ reportStepMs: S });
  let uncaught: unknown[] = [];
  const count = (e: unknown) => uncaught.push(e);
  beforeEach(() => {
    uncaught = [];
    process.on('uncaughtException', count);
    process.on('unhandledRejection', count);
  });
  afterEach(() => {
    process.off('uncaughtException', count);
    process.off('unhandledRejection', count);
  });

  it.each<[string, Failure[]]>([
    ['startSpan throws', [{ method: 'startSpan', nth: 0 }]],
    [
      'every span method throws',
      METHODS.filter((m) => m !== 'startSpan').map((method) => ({ method, nth: 0 })),
    ],
  ])(
    '%s: the session goes on, every event reaches every listener, no uncaught error',
    async (_, failures) => {
      const tab = funnelTab(world, {});
      const { tracer, spans } = faultyTracer(failures);
      const stop = traceFunnel(tab.client, { tracer });
      const after: string[] = [];
      tab.client.on('signIn.signedIn', (e) => after.push(e.type));
      tab.client.on('incomeReport.requested', (e) => after.push(e.type));
      await world.settle();
      tab.client.login({ login: world.server.seed.plain.email, password: world.server.seed.plain.password });
      for (let i = 0; i < 200 && tab.client.view.status !== 'signedIn'; i++) await world.advance(50, 50);
      expect(tab.client.view.status).toBe('signedIn');
      await world.during(tab.client.user.generateIncomeReport({ reference_year: 2025, type: 'email' }));
      await world.advance(5 * S, 50);
      stop();
      tab.client.stop();
      await world.advance(S, 50);
      expect(tab.funnel.map((e) => e.type)).toEqual(
        expect.arrayContaining(['signIn.started', 'signIn.signedIn', 'incomeReport.requested']),
      );
      expect(after).toEqual(['signIn.signedIn', 'incomeReport.requested']);
      expect(uncaught).toEqual([]);
      // Every span the tracer started was ended exactly once.
      expect(spans.length).toBe(failures[0]!.method === 'startSpan' ? 0 : 2);
      expect(spans.map((s) => s.ends)).toEqual(spans.map(() => 1));
    },
  );
});

// The property drives the bridge with a client of its own: `on` delivers each event to every
// listener in order, synchronously, WITHOUT catching (a throw from the bridge fails the emit).
type Listener = (e: FunnelEvent) => void;
function fakeClient() {
  const listeners = new Map<string, Listener[]>();
  return {
    on: (type: string, listener: Listener) => {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
      return () =>
        listeners.set(
          type,
          (listeners.get(type) ?? []).filter((l) => l !== listener),
        );
    },
    emit: (e: { type: string }) => {
      for (const l of listeners.get(e.type) ?? []) l(e as FunnelEvent);
    },
  };
}

/** Each flow's start, steps and outcomes (funnel event names). */
const FLOWS = [
  {
    start: 'signIn.started',
    steps: ['signIn.codeAsked', 'signIn.codeRejected'],
    ends: ['signIn.signedIn', 'signIn.failed', 'signIn.cancelledAccount', 'signIn.abandoned'],
  },
  {
    start: 'stepUp.started',
    steps: ['stepUp.passwordRejected'],
    ends: ['stepUp.completed', 'stepUp.failed', 'stepUp.cancelled', 'stepUp.abandoned'],
  },
  { start: 'rg.changeRequested', steps: [], ends: ['rg.changeAccepted', 'rg.changeFailed'] },
  {
    start: 'incomeReport.requested',
    steps: [],
    ends: ['incomeReport.completed', 'incomeReport.failed', 'incomeReport.abandoned'],
  },
  {
    start: 'registration.started',
    steps: ['registration.codeAsked'],
    ends: ['registration.completed', 'registration.failed', 'registration.abandoned'],
  },
];

const op = fc.oneof(
  fc.record({ what: fc.constant('start' as const), run: fc.integer({ min: 1, max: 6 }) }),
  fc.record({ what: fc.constant('step' as const), run: fc.integer({ min: 1, max: 6 }), i: fc.nat(3) }),
  fc.record({ what: fc.constant('end' as const), run: fc.integer({ min: 1, max: 6 }), i: fc.nat(3) }),
  fc.constant({ what: 'stopped' as const }),
);

describe('traceFunnel with a tracer that throws, property (AC-6)', () => {
  it('every event reaches the listeners before and after it, nothing thrown, every started span ended once', () => {
    fc.assert(
      fc.property(
        fc.array(op, { maxLength: 30 }),
        fc.array(fc.record({ method: fc.constantFrom(...METHODS), nth: fc.nat(8) }), { maxLength: 4 }),
        fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 2 }),
        fc.boolean(),
        (ops, failures, nothing, untrace) => {
          const client = fakeClient();
          const before: string[] = [];
          const after: string[] = [];
          const types = [
            ...new Set(FLOWS.flatMap((f) => [f.start, ...f.steps, ...f.ends])),
            'session.stopped',
          ];
          for (const t of types) client.on(t, (e) => before.push(e.type));
          const { tracer, spans } = faultyTracer(failures, nothing);
          const stop = traceFunnel(client as never, { tracer });
          for (const t of types) client.on(t, (e) => after.push(e.type));
          const started = new Set<number>();
          const sent: string[] = [];
          let at = 1_000;
          for (const o of ops) {
            at += 100;
            let e: Record<string, unknown>;
            if (o.what === 'stopped') e = { type: 'session.stopped', at };
            else {
              const flow = FLOWS[o.run % FLOWS.length]!;
              // A run starts once (run numbers are never reused, as the funnel's).
              if (o.what === 'start' && started.has(o.run)) continue;
              if (o.what === 'start') started.add(o.run);
              const type =
                o.what === 'start'
                  ? flow.start
                  : o.what === 'step'
                    ? (flow.steps[o.i % Math.max(1, flow.steps.length)] ?? flow.start)
                    : flow.ends[o.i % flow.ends.length]!;
              if (o.what === 'step' && flow.steps.length === 0) continue;
              e = { type, at, run: o.run, durationMs: 50, code: 'network', attempt: 1 };
            }
            sent.push(e.type as string);
            expect(() => client.emit(e as { type: string })).not.toThrow();
          }
          if (untrace) expect(() => stop()).not.toThrow();
          else expect(() => client.emit({ type: 'session.stopped', at: at + 1 } as never)).not.toThrow();
          const all = untrace ? sent : [...sent, 'session.stopped'];
          expect(before).toEqual(all);
          expect(after).toEqual(all);
          // Every span the tracer gave was ended, once (its `end` called once, thrown or not).
          expect(spans.map((s) => s.ends)).toEqual(spans.map(() => 1));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("a failure goes to OpenTelemetry's diag (the bridge's words only); a diag logger that throws is contained too", () => {
    const logged: unknown[] = [];
    const noop = () => {};
    diag.setLogger(
      {
        error: (message: string) => {
          logged.push(message);
          throw new Error('logger down');
        },
        warn: noop,
        info: noop,
        debug: noop,
        verbose: noop,
      },
      DiagLogLevel.ERROR,
    );
    try {
      const client = fakeClient();
      const seen: string[] = [];
      traceFunnel(client as never, { tracer: faultyTracer([{ method: 'startSpan', nth: 0 }]).tracer });
      client.on('signIn.started', (e) => seen.push(e.type));
      expect(() => client.emit({ type: 'signIn.started', at: 1, run: 1 } as never)).not.toThrow();
      expect(seen).toEqual(['signIn.started']);
      expect(logged).toEqual(['pam-client/otel: the tracer failed']);
    } finally {
      diag.disable();
    }
  });
});

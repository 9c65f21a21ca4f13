// pam-client/otel: the funnel events (`funnelEvents()`) as OpenTelemetry spans, through
// `@opentelemetry/api` only (an optional peer). A span per run of a flow, its steps as span
// events, its outcome as the status (an error code, never a message). Only the funnel events'
// own fields become attributes: nothing identifies the player.

import { type Attributes, diag, type Span, SpanStatusCode, type Tracer, trace } from '@opentelemetry/api';
import type { PamClientBase } from '../createPamClient';
import type { FunnelEvent, FunnelEventType } from '../funnel/events';

export interface TraceFunnelOptions {
  /** Default: `trace.getTracer('pam-client')` (the global provider's). */
  tracer?: Tracer;
}

type Any = { type: string; at: number; run?: number; [field: string]: unknown };

/** Where each event goes: `s` starts a span, `e` is a span event, `o`/`x`/`a` end it OK/ERROR/abandoned. */
const ROLE: Partial<Record<FunnelEventType, 's' | 'e' | 'o' | 'x' | 'a'>> = {};
for (const flow of ['signIn', 'registration'] as const) {
  Object.assign(ROLE, {
    [`${flow}.started`]: 's',
    [`${flow}.codeAsked`]: 'e',
    [`${flow}.codeRejected`]: 'e',
    [`${flow}.${flow === 'signIn' ? 'signedIn' : 'completed'}`]: 'o',
    [`${flow}.failed`]: 'x',
    [`${flow}.cancelledAccount`]: 'x',
    [`${flow}.abandoned`]: 'a',
  });
}
Object.assign(ROLE, {
  'stepUp.started': 's',
  'stepUp.passwordRejected': 'e',
  'stepUp.completed': 'o',
  'stepUp.failed': 'x',
  'stepUp.cancelled': 'a',
  'stepUp.abandoned': 'a',
  'rg.changeRequested': 's',
  'rg.changeAccepted': 'o',
  'rg.changeFailed': 'x',
  'incomeReport.requested': 's',
  'incomeReport.completed': 'o',
  'incomeReport.failed': 'x',
  'incomeReport.abandoned': 'a',
});

/** The span's name: the flow, e.g. `pam.signIn`, `pam.rg.change`. */
const nameOf = (type: string) => (type.startsWith('rg.') ? 'pam.rg.change' : `pam.${type.split('.')[0]}`);

/** A funnel event's fields as attributes (`pam.<field>`), the HTTP status under its convention. */
function attributesOf(e: Any): Attributes {
  const out: Attributes = {};
  for (const [key, value] of Object.entries(e)) {
    if (key === 'type' || key === 'at' || key === 'run' || key === 'player' || value === null) continue;
    if (key === 'status') out['http.response.status_code'] = value as number;
    else if (key === 'code') out['pam.error.code'] = value as string;
    else if (key === 'reason') out['pam.abandon_reason'] = value as string;
    else out[`pam.${key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`] = value as string;
  }
  return out;
}

/**
 * Turns a client's funnel events into spans: one per sign-in, registration, step-up,
 * responsible-gaming change and income report, from its start to its outcome; the steps (a code
 * asked, a code or password rejected) as span events; the status OK, or ERROR with the error code
 * as its description. An abandoned run's span ends with `pam.outcome: 'abandoned'`; every span
 * still open ends when the client stops. Returns a function that stops listening and ends the
 * spans it still holds open (`pam.abandon_reason: 'untraced'`).
 *
 * @example
 * const client = createPamClient({ baseURL, flows: funnelEvents(operatorPreset()) });
 * traceFunnel(client); // spans on the global tracer provider's `pam-client` tracer
 */
export function traceFunnel(client: Pick<PamClientBase, 'on'>, options: TraceFunnelOptions = {}): () => void {
  const tracer = options.tracer ?? trace.getTracer('pam-client');
  const open = new Map<string, { span: Span; at: number }>();
  const keyOf = (e: Any) => `${nameOf(e.type)}:${e.run}`;
  /**
   * One tracer or span call. Its failure (a misconfigured or shut-down SDK, a span that is none)
   * is OpenTelemetry's `diag`'s, never the client's or the app's: thrown from a listener it was an
   * uncaught exception, which ends a Node process (REVIEW-AC AC-6). Each call on its own, so a
   * span whose attributes failed is still ended.
   */
  const safely = (call: () => unknown) => {
    try {
      call();
    } catch (error) {
      try {
        diag.error('pam-client/otel: the tracer failed', error);
      } catch {}
    }
  };
  /** Ends the span of `key` (once: forgotten first, so a failing `end` is never tried again). */
  const end = (key: string, at?: number) => {
    const held = open.get(key);
    open.delete(key);
    if (held) safely(() => held.span.end(at));
  };

  /** Ends every span still open as abandoned, for `reason`, at `at` (the tracer's now when absent). */
  const abandonAll = (reason: string, at?: number) => {
    for (const [key, { span }] of open) {
      safely(() => span.setAttributes({ 'pam.outcome': 'abandoned', 'pam.abandon_reason': reason }));
      end(key, at);
    }
  };

  const on = (e: Any) => {
    const role = ROLE[e.type as FunnelEventType];
    if (e.type === 'session.stopped') return abandonAll('stopped', e.at);
    if (!role) return;
    const key = keyOf(e);
    if (role === 's')
      return safely(() =>
        open.set(key, {
          span: tracer.startSpan(nameOf(e.type), { startTime: e.at, attributes: attributesOf(e) }),
          at: e.at,
        }),
      );
    const held = open.get(key);
    if (!held) return;
    const { span } = held;
    const moment = e.type.slice(e.type.indexOf('.') + 1);
    if (role === 'e') return safely(() => span.addEvent(moment, attributesOf(e), e.at));
    safely(() => span.setAttributes({ ...attributesOf(e), 'pam.outcome': moment }));
    if (role === 'o') safely(() => span.setStatus({ code: SpanStatusCode.OK }));
    if (role === 'x')
      safely(() =>
        span.setStatus({
          code: SpanStatusCode.ERROR,
          message: typeof e.code === 'string' ? e.code : 'cancelled_account',
        }),
      );
    // The run's own duration (steady clock), so a server-clock correction never shortens it.
    end(key, typeof e.durationMs === 'number' ? held.at + e.durationMs : e.at);
  };

  const offs = [...Object.keys(ROLE), 'session.stopped'].map((type) =>
    client.on(type as FunnelEventType, on as (event: FunnelEvent) => void),
  );
  // Its own stop ends the runs it still traces (REVIEW-S S-4): a span never ended is never exported.
  return () => {
    for (const off of offs) off();
    abandonAll('untraced');
  };
}

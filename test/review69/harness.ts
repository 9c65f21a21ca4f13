// Review 69 harness: a client on the world's simulated clock with every side channel collected
// (inspector, debug, funnel, OpenTelemetry spans, view, snapshots, errors) and a `fetch` that lets a
// test rewrite the server's answers (echoes).
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { sessionActorOf } from 'pam-client/devtools';
import { funnelEvents, operatorPreset, type PamClient } from 'pam-client/machines';
import { expect } from 'vitest';
import { traceFunnel } from '../../machines/otel/index';
import { recordFunnel } from '../funnel/record';
import { openTab, S, type TabOptions, type World } from '../support/world';

export interface Exchange {
  method: string;
  url: string;
  path: string;
  requestBody: unknown;
  authorization: string | null;
}

/** Rewrites an answer: gets the parsed JSON (or text) and may return a new body, status, headers. */
export type Rewrite = (
  x: Exchange,
  answer: { status: number; body: unknown; headers: Headers },
) => { status?: number; body?: unknown; headers?: Headers } | undefined;

/** Serialises anything, reaching into errors' own properties, non-enumerable `body`, `cause`. */
export function dump(value: unknown): string {
  const seen = new WeakSet<object>();
  const out: string[] = [];
  const walk = (v: unknown, depth: number) => {
    if (depth > 40) return;
    if (typeof v === 'string') return void out.push(v);
    if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean')
      return void out.push(String(v));
    if (typeof v !== 'object' || v === null) return;
    if (seen.has(v)) return;
    seen.add(v);
    const proto = Object.getPrototypeOf(v);
    const plain = Array.isArray(v) || proto === Object.prototype || proto === null || v instanceof Error;
    if (!plain && !(v instanceof Map) && !(v instanceof Set)) {
      try {
        out.push(JSON.stringify(v) ?? '');
      } catch {}
      return;
    }
    if (v instanceof Error) {
      out.push(String(v));
      try {
        out.push(JSON.stringify(v));
      } catch {}
    }
    for (const key of Object.getOwnPropertyNames(v)) {
      out.push(key);
      let child: unknown;
      try {
        child = (v as Record<string, unknown>)[key];
      } catch {
        continue;
      }
      if (typeof child === 'function') continue;
      walk(child, depth + 1);
    }
    if (v instanceof Map)
      for (const [k, c] of v) {
        walk(k, depth + 1);
        walk(c, depth + 1);
      }
    if (v instanceof Set) for (const c of v) walk(c, depth + 1);
  };
  walk(value, 0);
  return out.join('\u0001');
}

export function collectingTab(world: World, o: TabOptions & { rewrite?: Rewrite; rawRefs?: boolean } = {}) {
  const { rewrite, rawRefs: _r, ...options } = o;
  const rawSeen: string[] = [];
  const inspected: unknown[] = [];
  const debugLines: string[] = [];
  const errors: unknown[] = [];
  const views: string[] = [];
  const exchanges: Exchange[] = [];
  const hostile: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    let requestBody: unknown;
    try {
      requestBody = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    } catch {
      requestBody = init?.body;
    }
    const h = new Headers(init?.headers as HeadersInit);
    const x: Exchange = {
      method,
      url,
      path: new URL(url).pathname,
      requestBody,
      authorization: h.get('authorization'),
    };
    exchanges.push(x);
    const res = await world.fetch(input, init);
    if (!rewrite) return res;
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    const headers = new Headers(res.headers);
    headers.delete('content-length');
    const changed = rewrite(x, { status: res.status, body, headers }) ?? {};
    const nextBody = 'body' in changed ? changed.body : body;
    const status = changed.status ?? res.status;
    return new Response(
      status === 204 || status === 304
        ? null
        : typeof nextBody === 'string'
          ? nextBody
          : JSON.stringify(nextBody),
      { status, headers: changed.headers ?? headers },
    );
  };
  const tab = openTab(world, {
    flows: funnelEvents(operatorPreset()),
    fetch: hostile,
    inspect: (ev) => {
      inspected.push(ev);
      if (o.rawRefs) {
        const ref = (ev as { actorRef?: Record<string, unknown> }).actorRef;
        const raw = ref?.ref as { getSnapshot?: () => unknown } | undefined;
        try {
          rawSeen.push(dump(raw?.getSnapshot?.()));
        } catch {}
        const snapshot = (ev as { snapshot?: { children?: Record<string, { getSnapshot(): unknown }> } })
          .snapshot;
        for (const child of Object.values(snapshot?.children ?? {}))
          try {
            rawSeen.push(dump(child.getSnapshot()));
          } catch {}
      }
    },
    debug: (line, detail) => {
      debugLines.push(line);
      try {
        debugLines.push(JSON.stringify(detail) ?? '');
      } catch {}
    },
    ...options,
  });
  world.tabs.push(tab);
  const funnel = recordFunnel(tab.client);
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const stopTrace = traceFunnel(tab.client, { tracer: provider.getTracer('review69') });
  const sessionEvents: unknown[] = [];
  for (const t of [
    'signedIn',
    'signedOut',
    'tokenRefreshed',
    'sessionExpired',
    'refreshFailed',
    'restrictionsChanged',
    'restrictionsUnavailable',
    'mutationOutcomeUnknown',
  ] as const)
    tab.client.on(t as never, ((e: unknown) => sessionEvents.push(e)) as never);
  tab.client.subscribe((v) => views.push(dump(v)));
  const client = tab.client as PamClient;
  const snapshots: string[] = [];
  const snap = () => {
    const actor = sessionActorOf(client);
    snapshots.push(dump(actor.getSnapshot()));
    try {
      snapshots.push(JSON.stringify(actor.getPersistedSnapshot()));
    } catch (e) {
      snapshots.push(dump(e));
    }
    views.push(dump(client.view));
    if (client.view.error) errors.push(client.view.error);
  };
  const call = async <T>(p: Promise<T>): Promise<T | unknown> => {
    try {
      return await world.during(p);
    } catch (e) {
      errors.push(e);
      return e;
    } finally {
      snap();
    }
  };
  /** Every channel, each as text. */
  const channels = () => {
    stopTrace();
    const spans = exporter.getFinishedSpans().map((s) =>
      JSON.stringify({
        name: s.name,
        attributes: s.attributes,
        events: s.events,
        status: s.status,
        links: s.links,
      }),
    );
    return {
      inspector: inspected.map((e) => {
        // What an inspector reads: the event, and the actor it names (a redacted view).
        const ref = (e as { actorRef?: { getSnapshot?: () => unknown } }).actorRef;
        let s: unknown;
        try {
          s = ref?.getSnapshot?.();
        } catch {}
        return dump(e) + dump(s);
      }),
      debug: debugLines,
      funnel: funnel.map((e) => JSON.stringify(e)),
      spans,
      views,
      snapshots,
      errors: errors.map(dump),
      sessionEvents: sessionEvents.map(dump),
      rawRefs: rawSeen,
    };
  };
  return { tab, client, exchanges, snap, call, channels, errors, inspected };
}

/** The channels (name → entries) whose text holds `needle` (an exact substring). */
export function leaks(channels: Record<string, string[]>, needle: string) {
  const found: Record<string, string[]> = {};
  for (const [name, list] of Object.entries(channels)) {
    const hits = list.filter((t) => t.includes(needle));
    if (hits.length)
      found[name] = hits.slice(0, 2).map((t) => {
        const i = t.indexOf(needle);
        return t
          .slice(Math.max(0, i - 200), i + needle.length + 100)
          .split('\u0001')
          .join(' | ');
      });
  }
  return found;
}

/**
 * The reference server's `twoFactor` player at the code step, the code answered `503` with a message
 * echoing it as `echoed`: what of it reached the error, its JSON, debug lines and the inspector.
 */
export async function codeStepAnswered(world: World, echoed: string) {
  const t = collectingTab(world, { channel: false });
  const { email, password, twoFactorCode } = world.server.seed.twoFactor;
  expect(twoFactorCode).toBe('123456');
  await world.settle();
  t.client.login({ login: email, password });
  await world.advance(2 * S);
  expect(t.client.view.status).toBe('twoFactorRequired');
  world.server.faults.add({
    method: 'POST',
    path: '/auth/login',
    status: 503,
    body: { message: `Não foi possível validar o código ${echoed} agora` },
    times: 1,
  });
  t.client.submitCode(twoFactorCode!);
  await world.advance(2 * S);
  t.snap();
  // Not a rejection: back at the code step, the code still live.
  expect(t.client.view.status).toBe('twoFactorRequired');
  expect(t.client.view.error?.code).toBe('http');
  const ch = t.channels();
  return {
    message: t.client.view.error!.message,
    json: JSON.stringify(t.client.view.error),
    debug: ch.debug.filter((l) => l.includes(echoed)),
    inspector: ch.inspector.filter((l) => l.includes(echoed)).length,
  };
}

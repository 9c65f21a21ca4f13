// The one reference app both transports share: state, faults, the request log and the h3 app
// that answers a web `Request`. `server.ts` puts it on node:http; `fetch.ts` calls it in-process.
// No node:* import here: it runs in browsers too.

import type { H3, H3Event } from 'h3';
import { FaultRegistry, faultResponse } from './faults';
import { failureResponse } from './http';
import { loadH3 } from './optional-h3';
import { routes } from './routes';
import { mountRoutes, type PamEventContext } from './routing';
import { SEED_ACCOUNTS } from './seed';
import { checkedCpf, checkOptions } from './spec-checks';
import { ServerState } from './state';
import type { FaultSpec, RecordedRequest, ReferenceControls, ReferenceOptions } from './types';

const DEFAULT_TOKEN_TTL_S = 8 * 60 * 60;
const DEFAULT_REPORT_STEP_MS = 1500;

function parseRecordedBody(raw: string): unknown {
  if (raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** The path and query exactly as sent (h3's `event.url` normalizes needless escapes). */
function rawUrl(event: H3Event): string {
  const nodeUrl = event.req.runtime?.node?.req.url;
  if (nodeUrl !== undefined) return nodeUrl;
  const url = new URL(event.req.url);
  return `${url.pathname}${url.search}`;
}

function record(event: H3Event, rawBody: string, at: number): RecordedRequest {
  const url = rawUrl(event);
  const queryIndex = url.indexOf('?');
  return {
    method: event.req.method,
    path: queryIndex < 0 ? url : url.slice(0, queryIndex),
    url,
    query: Object.fromEntries(event.url.searchParams),
    headers: Object.fromEntries(event.req.headers),
    body: parseRecordedBody(rawBody),
    at,
  };
}

/** Timers of delayed answers, cleared on close so nothing fires after it. */
export class Delays {
  private timers = new Set<ReturnType<typeof setTimeout>>();

  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }

  clear(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

const never = (): Promise<never> => new Promise(() => {});

/** Marks the answer of a `drop` fault for the in-process fetch, which turns it into a TypeError. */
export const DROP_HEADER = 'x-pam-reference-drop';

function drop(event: H3Event): Response | Promise<never> {
  const node = event.req.runtime?.node;
  if (node) {
    node.req.socket.destroy();
    return never();
  }
  return new Response(null, { status: 204, headers: { [DROP_HEADER]: '1' } });
}

/** Everything one reference instance holds, whichever transport answers for it. */
export interface ReferenceCore {
  state: ServerState;
  faults: FaultRegistry;
  requests: RecordedRequest[];
  delays: Delays;
  /** The h3 app, built on first use (h3 is loaded then). */
  app(): Promise<H3>;
  /** The controls a test holds: log, faults, seed, tokens, reset. */
  controls: ReferenceControls;
}

async function buildApp(core: Omit<ReferenceCore, 'app' | 'controls'>): Promise<H3> {
  const { H3: App } = await loadH3();
  const { state, faults, requests, delays } = core;
  // allowMalformedURL: a request to `/%ZZ` must reach the recorder (and answer our 404), not h3's 400.
  const app = new App({ silent: true, allowMalformedURL: true });
  // The first middleware records every request and applies faults before any route runs, so
  // 404s, 401s and faulted answers are all recorded.
  // Every answer of every form (HTTP, fetch, MSW) is dated by the server's own clock, as a client
  // needs to read a dated restriction `current` (REVIEW-R R-3).
  app.use(async (event, next) => {
    const answer = await recordAndFault(event, next);
    // (A fault's own `Date` is kept: tests skew it on purpose.)
    if (answer instanceof Response && !answer.headers.has('date'))
      answer.headers.set('date', new Date(state.now()).toUTCString());
    return answer;
  });
  async function recordAndFault(event: H3Event, next: () => unknown) {
    const rawBody = await event.req.text();
    const recorded = record(event, rawBody, state.now());
    requests.push(recorded);
    event.context.pam = { rawBody } satisfies PamEventContext;

    const fault: FaultSpec | undefined = faults.take(recorded.method, recorded.path);
    if (!fault) return next();
    if (fault.hang) return never();
    if (fault.delayMs !== undefined && fault.delayMs > 0) await delays.wait(fault.delayMs);
    if (fault.drop) return drop(event);
    if (fault.status !== undefined) {
      try {
        return faultResponse({ ...fault, status: fault.status });
      } catch (error) {
        return failureResponse(error); // e.g. a status outside 200..599
      }
    }
    const answer = await next();
    if (answer instanceof Response && fault.headers) {
      for (const [name, value] of Object.entries(fault.headers)) answer.headers.set(name, value);
    }
    return answer;
  }
  mountRoutes(app, state, routes);
  return app;
}

/**
 * A fresh reference instance at its seed. `baseUrl` is where clients reach it (the server's
 * `url`); a server sets it once it listens.
 */
export function createReferenceCore(options: ReferenceOptions = {}, baseUrl = ''): ReferenceCore {
  checkOptions(options);
  const state = new ServerState({
    now: options.now ?? Date.now,
    tokenTtlSeconds: options.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_S,
    reportStepMs: options.reportStepMs ?? DEFAULT_REPORT_STEP_MS,
  });
  state.baseUrl = baseUrl;
  const faults = new FaultRegistry();
  const requests: RecordedRequest[] = [];
  const delays = new Delays();
  let app: Promise<H3> | undefined;
  return {
    state,
    faults,
    requests,
    delays,
    app() {
      if (!app) {
        app = buildApp({ state, faults, requests, delays });
        app.catch(() => {
          app = undefined; // a missing h3 is not remembered: install it and try again
        });
      }
      return app;
    },
    controls: {
      requests,
      faults,
      seed: SEED_ACCOUNTS,
      expireTokens: () => state.expireTokens(),
      issueToken: (userId) => state.issueToken(userId),
      setSpaBarred(cpf, barred = true) {
        const digits = checkedCpf(cpf);
        if (barred) state.spaRegister.add(digits);
        else state.spaRegister.delete(digits);
      },
      reset() {
        state.reset();
        faults.clear();
        requests.length = 0; // same array: a test may hold on to `requests`
      },
    },
  };
}

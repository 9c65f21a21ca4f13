// The reference server: an h3 app on node:http. The first middleware records every request and
// applies faults before any route runs, so 404s, 401s and faulted answers are all recorded.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { H3, type H3Event } from 'h3';
import { toNodeHandler } from 'h3/node';
import { authRoutes } from './auth-routes';
import { FaultRegistry, faultResponse } from './faults';
import { failureResponse } from './http';
import { incomeReportRoutes } from './income-report-routes';
import { limitsRoutes } from './limits-routes';
import { mountRoutes, type PamEventContext } from './routing';
import { securityRoutes } from './security-routes';
import { SEED_ACCOUNTS } from './seed';
import { ServerState } from './state';
import type { FaultSpec, RecordedRequest, ReferenceServer, ReferenceServerOptions } from './types';
import { userRoutes } from './user-routes';

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
  return event.req.runtime?.node?.req.url ?? `${event.url.pathname}${event.url.search}`;
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
class Delays {
  private timers = new Set<NodeJS.Timeout>();

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

function createApp(
  state: ServerState,
  faults: FaultRegistry,
  requests: RecordedRequest[],
  delays: Delays,
): H3 {
  // allowMalformedURL: a request to `/%ZZ` must reach the recorder (and answer our 404), not h3's 400.
  const app = new H3({ silent: true, allowMalformedURL: true });
  app.use(async (event, next) => {
    const rawBody = await event.req.text();
    const recorded = record(event, rawBody, state.now());
    requests.push(recorded);
    event.context.pam = { rawBody } satisfies PamEventContext;

    const fault: FaultSpec | undefined = faults.take(recorded.method, recorded.path);
    if (!fault) return next();
    if (fault.hang) return never();
    if (fault.delayMs !== undefined && fault.delayMs > 0) await delays.wait(fault.delayMs);
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
  });
  mountRoutes(app, state, [
    ...authRoutes,
    ...userRoutes,
    ...securityRoutes,
    ...limitsRoutes,
    ...incomeReportRoutes,
  ]);
  return app;
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

/**
 * Starts the reference server: every endpoint of the spec over real HTTP, seeded with three
 * accounts (`SEED_ACCOUNTS`), with request recording and fault injection for tests.
 *
 * @example
 * const server = await startReferenceServer();
 * const res = await fetch(`${server.url}/auth/login`, {
 *   method: 'POST',
 *   headers: { 'content-type': 'application/json' },
 *   body: JSON.stringify({ login: server.seed.plain.email, password: server.seed.plain.password }),
 * });
 * await server.close();
 */
export async function startReferenceServer(options: ReferenceServerOptions = {}): Promise<ReferenceServer> {
  const state = new ServerState({
    now: options.now ?? Date.now,
    tokenTtlSeconds: options.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_S,
    reportStepMs: options.reportStepMs ?? DEFAULT_REPORT_STEP_MS,
  });
  const faults = new FaultRegistry();
  const requests: RecordedRequest[] = [];
  const delays = new Delays();
  const server = createServer(toNodeHandler(createApp(state, faults, requests, delays)));
  const address = await listen(server, options.port ?? 0, options.host ?? '127.0.0.1');
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  state.baseUrl = `http://${host}:${address.port}`;

  let closing: Promise<void> | undefined;
  return {
    url: state.baseUrl,
    requests,
    faults,
    seed: SEED_ACCOUNTS,
    expireTokens: () => state.expireTokens(),
    issueToken: (userId) => state.issueToken(userId),
    reset() {
      state.reset();
      faults.clear();
      requests.length = 0; // same array: a test may hold on to `server.requests`
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        delays.clear();
        server.close(() => resolve());
        // Hung and keep-alive sockets would keep close() waiting forever.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

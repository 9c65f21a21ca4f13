// The route table: each route declares its method, path, whether it needs a bearer token and
// which path segments are ids; `mountRoutes` turns the table into h3 handlers.

import type { H3, H3Event, HTTPMethod } from 'h3';
import { failureResponse, malformedJson, notFound, unauthenticated } from './http';
import type { UserRecord } from './records';
import type { ServerState } from './state';

/** What a handler gets. */
export interface RouteContext {
  state: ServerState;
  event: H3Event;
  /** Decoded path parameters. */
  params: Record<string, string>;
  /** Path parameters declared as ids, as positive integers. */
  ids: Record<string, number>;
  query: URLSearchParams;
  /** The parsed JSON body (undefined when empty); malformed JSON throws a 400. */
  body(): unknown;
}

export interface AuthedContext extends RouteContext {
  user: UserRecord;
  token: string;
}

type Answer = Response | Promise<Response>;

export type Route = {
  method: HTTPMethod;
  path: string;
  /** Path parameters that must be positive integers (else 404, before authentication). */
  ids?: readonly string[];
  /** Path parameters that must match a pattern once decoded (else 404, before authentication). */
  patterns?: Readonly<Record<string, RegExp>>;
} & (
  | { auth: false; handler: (ctx: RouteContext) => Answer }
  | { auth: true; handler: (ctx: AuthedContext) => Answer }
);

export const publicRoute = (
  method: HTTPMethod,
  path: string,
  handler: (ctx: RouteContext) => Answer,
): Route => ({
  method,
  path,
  auth: false,
  handler,
});

export const authedRoute = (
  method: HTTPMethod,
  path: string,
  handler: (ctx: AuthedContext) => Answer,
  params: { ids?: readonly string[]; patterns?: Readonly<Record<string, RegExp>> } = {},
): Route => ({ method, path, auth: true, ...params, handler });

/** Set by the server's first middleware: the request body as text. */
export interface PamEventContext {
  rawBody: string;
}

const POSITIVE_INT = /^[1-9]\d*$/;

function bearerToken(event: H3Event): string | undefined {
  const header = event.req.headers.get('authorization') ?? '';
  return /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
}

function decodeParams(raw: Record<string, string> | undefined): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw ?? {})) {
    try {
      params[name] = decodeURIComponent(value);
    } catch {
      throw notFound();
    }
  }
  return params;
}

function bodyReader(event: H3Event): () => unknown {
  return () => {
    const raw = (event.context.pam as PamEventContext | undefined)?.rawBody ?? '';
    if (raw.trim() === '') return undefined;
    try {
      return JSON.parse(raw);
    } catch {
      throw malformedJson();
    }
  };
}

async function dispatch(route: Route, state: ServerState, event: H3Event): Promise<Response> {
  const params = decodeParams(event.context.params);
  const ids: Record<string, number> = {};
  for (const name of route.ids ?? []) {
    const value = params[name] ?? '';
    if (!POSITIVE_INT.test(value) || !Number.isSafeInteger(Number(value))) throw notFound();
    ids[name] = Number(value);
  }
  for (const [name, pattern] of Object.entries(route.patterns ?? {})) {
    if (!pattern.test(params[name] ?? '')) throw notFound();
  }
  const ctx: RouteContext = {
    state,
    event,
    params,
    ids,
    query: event.url.searchParams,
    body: bodyReader(event),
  };
  if (!route.auth) return route.handler(ctx);
  const token = bearerToken(event);
  const user = token === undefined ? undefined : state.userForToken(token);
  if (!user || token === undefined) throw unauthenticated();
  return route.handler({ ...ctx, user, token });
}

/** Registers every route, then a catch-all 404 (unknown path, or a known path with another method). */
export function mountRoutes(app: H3, state: ServerState, routes: readonly Route[]): void {
  for (const route of routes) {
    app.on(route.method, route.path, async (event) => {
      try {
        return await dispatch(route, state, event);
      } catch (error) {
        return failureResponse(error);
      }
    });
  }
  app.all('/**', () => failureResponse(notFound()));
}

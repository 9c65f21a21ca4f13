// The proxy's routes: the service's own operations (the auth and user modules' rows, with the
// `endpoints` overrides), each a template of fixed segments and typed holes, and nothing else.

import type * as z from 'zod/mini';
import { checkedEndpoints } from '../auth/endpoints-check';
import { AUTH_OPERATIONS } from '../auth/operations';
import type { AuthEndpoints } from '../auth/types';
import { ConfigurationError } from '../errors/config';
import type { Operation } from '../operation/operation';
import { USER_OPERATIONS } from '../user/index';
import { objectOption, textOption } from './option';

/** What the proxy does around the forward. */
export type RouteKind = 'login' | 'logout' | 'public' | 'authed';

type Hole = 'id' | 'type';

interface QueryRule {
  /** A fixed value the proxy always sends, or a hole taken from the request when present. */
  fixed?: string;
  hole?: Hole;
}

export interface Route {
  name: string;
  kind: RouteKind;
  method: string;
  segments: readonly (string | { hole: Hole })[];
  query: Readonly<Record<string, QueryRule>>;
  /**
   * The row's payload schema: the proxy checks the request with it and forwards what it reads
   * (every row). The auth rows' answer schema (`response`): the proxy reads a 2xx answer with it,
   * so the browser client carries none (docs/server.md, "The wire protocol").
   */
  request?: z.ZodMiniType;
  response?: z.ZodMiniType | null;
}

const SAMPLE_ID = 7_654_321;
const SAMPLE_TYPE = 'zqsamplezq';
/**
 * A positive safe integer id, as `{id}` segments and query values take it (the browser client
 * refuses anything above 2^53 - 1: the proxy forwards no id it would not send).
 */
export const isId = (s: string): boolean => /^[1-9]\d{0,15}$/.test(s) && Number(s) <= Number.MAX_SAFE_INTEGER;
const TYPE = /^[a-z0-9_-]{1,32}$/;

const KINDS: Record<string, RouteKind> = {
  login: 'login',
  registerSimplified: 'login',
  logout: 'logout',
  forgotPassword: 'public',
  validateDocument: 'public',
};

/** The path a row writes, with its sample argument put back as a hole. */
function template(row: Operation): string {
  if (typeof row.path === 'string') return row.path;
  const build = row.path;
  for (const sample of [SAMPLE_ID, SAMPLE_TYPE]) {
    try {
      return build(sample).replaceAll(String(sample), sample === SAMPLE_ID ? '{id}' : '{type}');
    } catch {
      // the builder refuses this kind of argument: try the next
    }
  }
  throw new TypeError('pam-client/server: a path builder took neither an id nor a type');
}

function routeOf(name: string, row: Operation, read = false): Route {
  const [path = '', search = ''] = template(row).split('?');
  const segments = path
    .split('/')
    .filter((s) => s !== '')
    .map((s) => (s === '{id}' ? { hole: 'id' as const } : s === '{type}' ? { hole: 'type' as const } : s));
  const query: Record<string, QueryRule> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    query[key] = value === '{id}' ? { hole: 'id' } : { fixed: value };
  }
  const route: Route = { name, kind: KINDS[name] ?? 'authed', method: row.method, segments, query };
  return read ? { ...route, request: row.request, response: row.response } : route;
}

/**
 * Every route of the service but the refresh (the browser never refreshes): the auth rows with
 * `endpoints` applied, then the user rows.
 */
export function buildRoutes(given?: Partial<AuthEndpoints>): Route[] {
  const endpoints = objectOption('endpoints', given, Object.keys(AUTH_OPERATIONS));
  // The core's rule (its modules' and the server-session client's: one rule), then the proxy's own.
  try {
    checkedEndpoints(endpoints);
  } catch (error) {
    throw new ConfigurationError(`pam-client/server: ${(error as Error).message}`);
  }
  const routes: Route[] = [];
  // The refresh is the proxy's own call to the API, no route: a login at its method and path is
  // refused like one at another route's (REVIEW-H L2).
  let refresh = '';
  for (const [name, row] of Object.entries(AUTH_OPERATIONS)) {
    const override = endpointOption(`endpoints.${name}`, endpoints[name]);
    const { method, path } = { ...row, ...override } as Operation;
    if (name === 'refreshToken') refresh = `${method} ${String(path).split('?')[0]}`;
    else routes.push(routeOf(name, { ...row, ...override }, true));
  }
  // A user row's body is read by its schema too (what the core's module sends: review 88, a body's
  // `_method` or any field the operation does not send was forwarded as it came); its answer is the
  // browser client's to read.
  for (const [name, row] of Object.entries(USER_OPERATIONS))
    routes.push({ ...routeOf(name, row as Operation), request: (row as Operation).request });
  // Two rows at one method and path (or at the proxy's own `GET P/session`, `GET P/report-file`):
  // only the first would ever be served, the other's calls going to it (a logout to the login).
  const seen = new Map([
    ['GET /session', ''],
    ['GET /report-file', ''],
    [refresh, 'refreshToken'],
  ]);
  for (const r of routes) {
    const key = `${r.method} /${r.segments.map((s) => (typeof s === 'string' ? s : `{${s.hole}}`)).join('/')}`;
    const other = seen.get(key);
    if (other !== undefined)
      throw new ConfigurationError(
        other === ''
          ? `pam-client/server: endpoints.${r.name} is ${key}, the proxy's own route`
          : `pam-client/server: endpoints.${other} is ${key}, as ${r.name} is`,
      );
    seen.set(key, r.name);
  }
  return routes;
}

/** An endpoint's path: segments of letters, digits, `-` and `_` (what the proxy serves), a fixed query. */
const ENDPOINT_PATH = /^(\/[A-Za-z0-9_-]+)+(\?[A-Za-z0-9_.~%=&-]*)?$/;

/**
 * One `endpoints` override, past the core's rule (`checkedEndpoints`: `method` `'POST'`, `'GET'`
 * for the profile read only; a clean path): the proxy's stricter one, an object (no array) and a
 * path of segments it serves (`ENDPOINT_PATH`: no `.` or `~`).
 */
function endpointOption(name: string, value: unknown): Partial<Operation> {
  const given = objectOption(name, value, ['method', 'path']);
  if (given.path !== undefined)
    textOption(`${name}.path`, given.path, '', ENDPOINT_PATH, 'a path like /v2/login');
  return given as Partial<Operation>;
}

/** The route `segments` (already split and checked) name, with the API path it sends to. */
export function matchPath(
  routes: readonly Route[],
  method: string,
  segments: readonly string[],
): Route | undefined {
  return routes.find(
    (r) =>
      r.method === method &&
      r.segments.length === segments.length &&
      r.segments.every((s, i) => {
        const given = segments[i]!;
        if (typeof s === 'string') return s === given;
        return s.hole === 'id' ? isId(given) : TYPE.test(given);
      }),
  );
}

/** The API path and query for a matched route, or null when the query breaks the allowlist. */
export function apiPathOf(route: Route, segments: readonly string[], search: URLSearchParams): string | null {
  const out = new URLSearchParams();
  const seen = new Set<string>();
  for (const [key, value] of search) {
    const rule = route.query[key];
    if (!rule || seen.has(key)) return null;
    seen.add(key);
    if (rule.fixed !== undefined ? value !== rule.fixed : !isId(value)) return null;
  }
  for (const [key, rule] of Object.entries(route.query)) {
    const value = rule.fixed ?? search.get(key);
    if (value !== null) out.set(key, value);
  }
  const query = out.toString();
  return `/${segments.join('/')}${query === '' ? '' : `?${query}`}`;
}

/** The rows whose `{id}` is the player's own (the spec's "id: user id"). */
const PLAYER_ROWS = ['updateProfile', 'changePassword'];

/**
 * Whether `segments` (matched to `route`) name only the session's player `playerId` where the
 * row's `{id}` is the player's: another player's id is refused by the proxy, never sent (REVIEW-P L6).
 */
export const ownsIds = (route: Route, segments: readonly string[], playerId: number | null): boolean =>
  !PLAYER_ROWS.includes(route.name) ||
  route.segments.every((s, i) => typeof s === 'string' || segments[i] === String(playerId));

/** Whether a route is the profile read (`getSession` reads it). */
export const isProfileRoute = (route: Route): boolean => route.name === 'getUserProfile';

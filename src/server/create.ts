// createPamServer: one closure holding the routes, the sealer, the rotations and the upstream.

import { AUTH_OPERATIONS } from '../auth/operations';
import { ConfigurationError } from '../errors/config';
import { CallSession, type ServerParts } from './context';
import { cookieSettings, Sealer } from './cookie';
import { handle } from './handle';
import { MAX_WHOLE, wholeOption } from './option';
import { Rotations } from './rotation';
import { buildRoutes, isProfileRoute, type Route } from './routes';
import { readSeed } from './seed';
import type { PamServer, PamServerOptions } from './types';
import { MAX_ANSWER_BYTES, MAX_FILE_BYTES } from './upstream';

function pathOf(route: Route | undefined): string {
  if (!route) throw new ConfigurationError('pam-client/server: the profile route is missing');
  const path = route.segments.map((s) => (typeof s === 'string' ? s : '')).join('/');
  const query = new URLSearchParams();
  for (const [key, rule] of Object.entries(route.query))
    if (rule.fixed !== undefined) query.set(key, rule.fixed);
  const q = query.toString();
  return `/${path}${q === '' ? '' : `?${q}`}`;
}

function prefixOf(prefix = '/pam'): string {
  const clean = prefix.replace(/\/+$/, '');
  if (!/^(\/[A-Za-z0-9_-]+)+$/.test(clean))
    throw new ConfigurationError('pam-client/server: prefix is a path like /pam');
  return clean;
}

/**
 * The server session for server-rendered apps (web-standard `Request`/`Response`; never in a
 * browser bundle): the token in a sealed `HttpOnly` cookie, the browser client's calls proxied
 * under a same-origin prefix with every token stripped from every answer. Rules: docs/server.md.
 *
 * @example
 * const pam = createPamServer({ apiBaseURL: 'https://api.example.com', secrets: [{ id: '1', secret: process.env.PAM_SECRET! }] });
 * // in the app's request handler:
 * const answer = await pam.handle(request, { clientAddress });
 * if (answer) return answer;
 * const { player, restrictions, initial, headers } = await pam.getSession(request);
 */
export function createPamServer(options: PamServerOptions): PamServer {
  const api = URL.canParse(options.apiBaseURL) ? new URL(options.apiBaseURL) : null;
  if (api?.protocol !== 'https:' && api?.protocol !== 'http:')
    throw new ConfigurationError(
      'pam-client/server: apiBaseURL is an http(s) URL such as https://api.example.com',
    );
  const now = options.now ?? Date.now;
  const sealer = new Sealer(options.secrets);
  const cookie = cookieSettings(options.cookie);
  const routes = buildRoutes(options.endpoints);
  // A timer's longest delay (2^31 - 1 ms, a literal: CONTRIBUTING.md): beyond it (Infinity too)
  // setTimeout fires at once, and every call to the API and every body read would end at 1 ms.
  // Whole ms, as every time option (a fraction is no setting anyone means; refused, not rounded).
  const timeoutMs = wholeOption('timeoutMs', options.timeoutMs, 15_000, 1, 2_147_483_647);
  const graceMs = wholeOption('graceMs', options.graceMs, 60_000, 0);
  const bound = (name: 'maxAnswerBytes' | 'maxFileBytes' | 'maxBodyBytes', fallback: number) =>
    wholeOption(name, options[name], fallback, 1, MAX_WHOLE, 'bytes');
  const endpoint = (name: 'refreshToken' | 'logout') =>
    ({ ...AUTH_OPERATIONS[name], ...options.endpoints?.[name] }).path;
  const parts: ServerParts = {
    prefix: prefixOf(options.prefix),
    origins: options.origin === undefined ? undefined : [options.origin].flat(),
    routes,
    cookie,
    sealer,
    rotations: new Rotations({ sealer, store: options.store, graceMs, now, waitMs: timeoutMs + 1_000 }),
    upstream: {
      apiBaseURL: options.apiBaseURL,
      fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      timeoutMs,
      forwardClient: options.forwardClient === true,
      maxAnswerBytes: bound('maxAnswerBytes', MAX_ANSWER_BYTES),
      maxFileBytes: bound('maxFileBytes', MAX_FILE_BYTES),
    },
    refreshAfterMs: wholeOption('refreshAfterMs', options.refreshAfterMs, 21_600_000, 1), // 6 h (a literal: CONTRIBUTING.md)
    maxBodyBytes: bound('maxBodyBytes', 16_384),
    now,
    refreshPath: endpoint('refreshToken') as string,
    logoutPath: endpoint('logout') as string,
    profilePath: pathOf(routes.find(isProfileRoute)),
  };
  return {
    handle: (request, context) => handle(parts, request, context),
    async getSession(request, context) {
      const call = new CallSession(parts, request, context);
      await call.load();
      const { initial, player, restrictions } = await readSeed(parts, call);
      const headers = new Headers();
      const line = await call.cookieLine();
      if (line) headers.append('set-cookie', line);
      return { player, restrictions, initial, headers };
    },
  };
}

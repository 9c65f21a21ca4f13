// createPamServer: one closure holding the routes, the sealer, the rotations and the upstream.

import { AUTH_OPERATIONS } from '../auth/operations';
import { asPamError } from '../errors/classify';
import { ConfigurationError } from '../errors/config';
import { CallSession, type ServerParts } from './context';
import { cookieSettings, Sealer } from './cookie';
import { fromElsewhere } from './guard';
import { handle } from './handle';
import { Lineages } from './lineage';
import {
  baseURLOption,
  booleanOption,
  clockOption,
  functionOption,
  MAX_WHOLE,
  objectOption,
  originsOption,
  serviceOption,
  textOption,
  wholeOption,
} from './option';
import { Rotations } from './rotation';
import { buildRoutes, isProfileRoute, type Route } from './routes';
import { readSeed, unavailableSeed } from './seed';
import { guarded, STORE_MS, StoreFailure } from './store';
import type { PamRequestContext, PamServer, PamServerOptions, PamSessionStore } from './types';
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

/** The options `createPamServer` takes (any other key is refused: a misspelt option is no default). */
const OPTIONS = [
  'apiBaseURL',
  'secrets',
  'cookie',
  'prefix',
  'endpoints',
  'forwardClient',
  'origin',
  'store',
  'refreshAfterMs',
  'graceMs',
  'maxBodyBytes',
  'maxAnswerBytes',
  'maxFileBytes',
  'timeoutMs',
  'now',
  'fetch',
  'onLogoutIncomplete',
] as const;

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
export function createPamServer(given: PamServerOptions): PamServer {
  try {
    return serverOf(given);
  } catch (error) {
    // A getter or a Proxy in the options that throws: the app's own error is not quoted (it may
    // name a secret), and the kind stays the one every bad option gives (REVIEW-H L2).
    if (error instanceof ConfigurationError) throw error;
    throw new ConfigurationError(
      'pam-client/server: an option could not be read (a getter or a Proxy threw)',
    );
  }
}

function serverOf(given: PamServerOptions): PamServer {
  // Every option checked here, whatever its kind (option.ts): nothing is sent with one that is not.
  const options = objectOption('options', given, OPTIONS, '') as Partial<PamServerOptions>;
  baseURLOption('apiBaseURL', options.apiBaseURL);
  const now = clockOption('now', options.now);
  const sealer = new Sealer(options.secrets!);
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
  const store = guarded(
    serviceOption<PamSessionStore>('store', options.store, ['get', 'set', 'claim']),
    Math.min(timeoutMs, STORE_MS),
  );
  const parts: ServerParts = {
    // A path like /pam (trailing slashes dropped).
    prefix: textOption(
      'prefix',
      options.prefix,
      '/pam',
      /^(\/[A-Za-z0-9_-]+)+\/*$/,
      'a path like /pam',
    ).replace(/\/+$/, ''),
    origins: originsOption('origin', options.origin),
    routes,
    cookie,
    sealer,
    rotations: new Rotations({
      sealer,
      store,
      graceMs,
      now,
      waitMs: timeoutMs + 1_000,
    }),
    lineages: new Lineages({ sealer, store, now }),
    upstream: {
      apiBaseURL: options.apiBaseURL!,
      fetch:
        functionOption<typeof fetch>('fetch', options.fetch) ??
        ((input, init) => globalThis.fetch(input, init)),
      timeoutMs,
      forwardClient: booleanOption('forwardClient', options.forwardClient, false),
      maxAnswerBytes: bound('maxAnswerBytes', MAX_ANSWER_BYTES),
      maxFileBytes: bound('maxFileBytes', MAX_FILE_BYTES),
    },
    refreshAfterMs: wholeOption('refreshAfterMs', options.refreshAfterMs, 21_600_000, 1), // 6 h (a literal: CONTRIBUTING.md)
    maxBodyBytes: bound('maxBodyBytes', 16_384),
    now,
    refreshPath: endpoint('refreshToken') as string,
    logoutPath: endpoint('logout') as string,
    profilePath: pathOf(routes.find(isProfileRoute)),
    onLogoutIncomplete: functionOption('onLogoutIncomplete', options.onLogoutIncomplete),
  };
  // What the app's callbacks (`store`, `now`) or a bug threw reaches the app as the core's
  // `UnexpectedError` (its class name only: a store's message may quote its connection string).
  const typed = (error: unknown): never => {
    throw asPamError(error);
  };
  return {
    handle: (request, context) => handle(parts, request, context).catch(typed),
    getSession: (request, context) => session(parts, request, context).catch(typed),
  };
}

/** `getSession`: the page's session, from one profile read, and the `Set-Cookie` it needs. */
async function session(parts: ServerParts, request: Request, context?: PamRequestContext) {
  const call = new CallSession(parts, request, context);
  call.passive = fromElsewhere(request, parts.origins); // read, never kept alive, from another site (R30-4)
  call.page = true;
  // The page carries the session (its seed, the player): never kept by a shared cache, nor
  // replayed from the browser's (Back, a restored tab) after the session changed (REVIEW-P P5, P6).
  const headers = new Headers({ 'cache-control': 'private, no-store' });
  try {
    await call.load();
    const { initial, player, restrictions } = await readSeed(parts, call);
    const line = await call.cookieLine();
    if (line) headers.append('set-cookie', line);
    return { player, restrictions, initial, headers };
  } catch (error) {
    // The store failed (REVIEW-P P4): the session cannot be judged here; the client reads it itself.
    const carried = call.carried();
    if (!(error instanceof StoreFailure) || !carried) throw error;
    return { ...unavailableSeed(parts, carried), headers };
  }
}

// The operation engine, between the transport (src/http) and the modules (src/auth, src/user): one
// typed operation spec for both modules. A row says where an operation goes, what it sends and
// answers, and whether it changes the account; `operation(name, row)` turns a row into a
// standalone function `(http, ...args, options?)`, and the module factories are tables of the
// same rows sent by the same `send`. A module's interface is checked against its rows
// (`Mismatches`), so a row with the wrong schema, a wrong argument shape, a missing row or an
// extra one fails `tsc`.

import type * as z from 'zod/mini';
import { asPamError } from '../errors/classify';
import { ConfigurationError } from '../errors/config';
import { ResponseValidationError, readCallers } from '../errors/validation';
import type { HttpAdapter, RequestOptions } from '../http/types';
import { parseRequest, parseResponse, readBoolean } from '../schemas/common';
import { unconfirmed } from './unconfirmed';

/** The last argument every module method and standalone operation takes. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** Logout may name the token it revokes (the session clears its store before sending). */
export interface LogoutOptions extends CallOptions {
  accessToken?: string;
}

type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * One operation of the service: the type every row of the auth and user tables satisfies.
 * - `path`: a string, or a builder that takes the method's first argument (an id, a page, a
 *   social type) and validates it;
 * - `request`: the payload schema (the next argument, or what `pack` builds from it);
 * - `response`: the answer's schema; omitted when the spec shows none (resolves to the parsed
 *   body, `unknown`); `null` when nothing useful comes back (resolves to `undefined`);
 * - `mutation`: the call changes the account or the session, as the profile shows it (never
 *   retried; in the user module, the profile is re-read when its outcome is unknown);
 * - `skipAuthRefresh`: a 401 is final (calls made without a valid session);
 * - `accessToken`: the options may name the token to send (logout);
 * - `tokens`: the answer may carry the token the call was sent with, under a credential field
 *   (a refresh, the profile's `user.token`, a login): the adapter keeps it there; in any other
 *   answer an echo of it is scrubbed, under any key (review 93);
 * - `answers`: checks the parsed answer against what was asked (the payload sent, else the
 *   path's argument) and throws, as the call's `invalid_response`, an answer about something else;
 * - `envelope`: a read whose 2xx answer is read for a failure envelope as a write's is (the
 *   profile: the player's restrictions are taken from it; review 156);
 * - `verdict`: the answer's `success` is the answer (`checkPassword`'s), read as the schema reads
 *   it; a `true` one whose envelope says otherwise is `invalid_response`.
 */
export interface Operation {
  readonly method: HttpMethod;
  // biome-ignore lint/suspicious/noExplicitAny: any argument type a builder declares
  readonly path: string | ((arg: any) => string);
  readonly request?: z.ZodMiniType;
  // biome-ignore lint/suspicious/noExplicitAny: any argument type a packer declares
  readonly pack?: (arg: any) => unknown;
  readonly response?: z.ZodMiniType | null;
  readonly mutation: boolean;
  readonly skipAuthRefresh?: boolean;
  readonly accessToken?: boolean;
  readonly tokens?: boolean;
  // biome-ignore lint/suspicious/noExplicitAny: the answer and the argument types a check declares
  readonly answers?: (answer: any, asked: any) => void;
  readonly verdict?: boolean;
  readonly envelope?: boolean;
}

/**
 * How a module sends its rows' payloads. The auth module sends them as given. The user module
 * (`Sensitive`) lets password-like fields be `Secret`s, revealed only into the request body, and
 * gives sensitive changes an `onStepUp` option (src/user/sensitive.ts).
 */
export interface Sending {
  /** Input of the type function below: the schema's output type. */
  schemaOutput: unknown;
  /** The payload type a method takes, from `this['schemaOutput']`. */
  payload: unknown;
  /** The options a sensitive change (a payload with `password_check`) takes. */
  sensitiveOptions: CallOptions;
}

/** The auth module's way: payloads as the schemas type them, no step-up. */
export interface Plain extends Sending {
  payload: this['schemaOutput'];
  sensitiveOptions: CallOptions;
}

type PayloadOf<W extends Sending, P> = (W & { schemaOutput: P })['payload'];

type PathArgs<O> = O extends { path: (...args: infer A) => string } ? A : [];
type PayloadArgs<O, W extends Sending> = O extends { request: infer S extends z.ZodMiniType }
  ? O extends { pack: (arg: infer A) => unknown }
    ? [A]
    : [payload: PayloadOf<W, z.output<S>>]
  : [];
type OptionsOf<O, W extends Sending> = O extends { accessToken: true }
  ? LogoutOptions
  : O extends { request: infer S extends z.ZodMiniType }
    ? 'password_check' extends keyof z.output<S>
      ? W['sensitiveOptions']
      : CallOptions
    : CallOptions;
type ResultOf<O> = O extends { response: null }
  ? // biome-ignore lint/suspicious/noConfusingVoidType: logout is declared Promise<void>
    void
  : O extends { response: infer S extends z.ZodMiniType }
    ? z.output<S>
    : unknown;

/** The module method a row stands for: its arguments, options and result, derived from the row. */
export type MethodOf<O, W extends Sending = Plain> = (
  ...args: [...PathArgs<O>, ...PayloadArgs<O, W>, options?: OptionsOf<O, W>]
) => Promise<ResultOf<O>>;

/** What a row's standalone function needs from the adapter: only the method it sends with. */
export type HttpFor<O> = O extends { method: infer M extends HttpMethod }
  ? Pick<HttpAdapter, Lowercase<M>>
  : never;

/** The standalone function of a row: the module method with the adapter first. */
export type Standalone<O, W extends Sending = Plain> = (
  http: HttpFor<O>,
  ...args: Parameters<MethodOf<O, W>>
) => ReturnType<MethodOf<O, W>>;

/**
 * The standalone form of module method `F`: the adapter first (only the methods `M` it sends
 * with), then the method's own arguments. What the exported functions are declared as.
 *
 * @example
 * const set: WithHttp<UserModule['updateLimits'], 'patch'> = updateLimits;
 * await set(http, { user_limit_loss: 200 });
 */
export type WithHttp<F, M extends keyof HttpAdapter> = F extends (...args: infer A) => infer R
  ? (http: Pick<HttpAdapter, M>, ...args: A) => R
  : never;

type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/**
 * The names of module `M`'s methods whose row in `T` is missing or derives
 * a different signature (another schema, another argument shape). `never` when the table fits.
 */
export type Mismatches<M, T, W extends Sending = Plain> = {
  [K in keyof M]-?: K extends keyof T ? (Same<MethodOf<T[K], W>, M[K]> extends true ? never : K) : K;
}[keyof M];

/** `Check<Mismatches<M, T>>` fails to compile, naming the operations, unless the table fits. */
export type Check<T extends never> = T;

/** The names of the rows of `T` that are mutations. */
export type MutationsOf<T> = { [K in keyof T]: T[K] extends { mutation: true } ? K : never }[keyof T];

/** Sends a validated payload (`attempt`) and answers the raw body; a module may wrap it (`Through`). */
/** `extra`: options of the call's own (hooks the adapter reads by symbol), the caller's kept. */
export type Attempt = (payload: unknown, extra?: object) => Promise<unknown>;

/**
 * A module's way of sending a payload: e.g. reveal secrets and retry after a step-up. `http` is
 * the adapter sent through (the step-up attempts are counted per adapter and player); `request`,
 * the row's payload schema (what a resend may carry).
 */
export type Through = (
  attempt: Attempt,
  payload: unknown,
  options: unknown,
  http: object,
  read: ReadCallers,
  request?: z.ZodMiniType,
  /** The operation's name (what errors call it). */
  name?: string,
) => Promise<unknown>;

/** Runs a read of the caller's payload or options: one that throws is the call's `invalid_request`. */
export type ReadCallers = <T>(read: () => T) => T;

/** The prototypes of a plain object (what a literal and JSON make). */
const PLAIN = [Object.prototype, null];

/** Whether `http` has a function `verb` (a Proxy that throws has none). */
const has = (http: unknown, verb: string): boolean => {
  try {
    return typeof (http as Record<string, unknown>)[verb] === 'function';
  } catch {
    return false;
  }
};

/**
 * A `ConfigurationError` unless `ok` (default: `http` has a function `verb`): an `http` that is no
 * adapter (`{}`, `null`, a string). At every call (in the `try` that types what a call throws),
 * and at a module's creation: none of its rows' methods there.
 */
export const needs = (http: unknown, verb: string, ok = has(http, verb)): void => {
  if (!ok) throw new ConfigurationError(`http must be an adapter with a ${verb} method`);
};

/**
 * Sends one operation (`name` is what errors call it): builds the path (its argument validated
 * first), validates the payload (nothing is sent when it fails), sends, validates the answer.
 * `args` are the method's arguments as given, options last.
 */
export async function send(
  http: Partial<HttpAdapter>,
  name: string,
  op: Operation,
  args: readonly unknown[],
  through?: Through,
): Promise<unknown> {
  const { method, path, request, pack, response } = op;
  // Every read of the caller's arguments: a getter or a Proxy trap that throws is `invalid_request`.
  const read: ReadCallers = (f) => readCallers(name, f);
  let i = 0;
  const url = read(() => (typeof path === 'string' ? path : path(args[i++])));
  let payload = request ? (pack ? pack(args[i++]) : args[i++]) : undefined;
  const options = args[i] as LogoutOptions | undefined;
  // Only what the adapter knows: `options` may carry more (`onStepUp`). Undefined means "not set".
  const opts: RequestOptions = read(() => {
    // A payload that is an object but no plain one (a Promise of a forgotten `await`, a Map, a Date,
    // a class instance: zod reads them as objects, their fields unseen) is read as none: `(root):
    // expected object`, nothing sent (REVIEW-U U-7). In this read: no closure of its own.
    if (typeof payload === 'object' && payload && !PLAIN.includes(Object.getPrototypeOf(payload)))
      payload = null;
    return {
      signal: options?.signal,
      skipAuthRefresh: op.skipAuthRefresh,
      accessToken: options?.accessToken,
      // (The adapter's own hook, not a public option: `Operation.tokens`.)
      [Symbol.for('pam-client.tokens')]: op.tokens,
    };
  });
  const verb = method.toLowerCase() as Lowercase<HttpMethod>;
  // What was asked, for `answers`: the path's argument, or the payload as it was last sent.
  let asked = args[0];
  const attempt: Attempt = (value, extra) => {
    const body = request ? read(() => parseRequest(name, request, value)) : undefined;
    if (request) asked = body;
    const o = extra ? { ...opts, ...extra } : opts;
    // get and delete take no body: (path, options); post and patch take (path, body, options).
    return verb === 'get' || verb === 'delete' ? http[verb]!(url, o) : http[verb]!(url, body, o);
  };
  try {
    needs(http, verb);
    const raw = await (through
      ? through(attempt, payload, options, http, read, request, name)
      : attempt(payload));
    // A change the server says it did not make (`{ success: false }` in a 2xx, or a `success` it
    // cannot read as true) never resolves as made: `invalid_response`, an outcome to read again
    // (review 124: a refused marketing opt-out or LGPD acceptance was shown as saved). So is an
    // answer checked against what was asked (`answers`: a report, a history page, a document's
    // check) that says it failed: a report ready in an answer saying so is not (review 153).
    // A verdict's own `success` (`checkPassword`'s: false, a wrong password) is its answer, not a
    // confirmation: the rest of a `true` one may not say otherwise (review 157).
    const refused =
      ((op.mutation && !response) ||
        op.answers ||
        op.envelope ||
        (op.verdict && readBoolean((raw as { success?: unknown })?.success))) &&
      unconfirmed(
        op.verdict ? { ...(raw as object), success: true } : raw,
        request && asked,
        op.mutation && !response,
      );
    if (refused)
      throw new ResponseValidationError(name, [
        { path: refused, code: 'not_confirmed', message: 'the server did not confirm it' },
      ]);
    if (response === null) return undefined;
    // Read in the `try` too: a custom adapter's answer whose reading throws (a Proxy trap, a getter).
    const answer = response ? parseResponse(name, response, raw) : raw;
    op.answers?.(answer, asked);
    return answer;
  } catch (error) {
    // What a custom adapter throws (sync or async, an Error quoting the body, a string): typed,
    // its message dropped (`asPamError`); a PamError (the ofetch adapter's, a validation's) as is.
    throw asPamError(error);
  }
}

/**
 * The standalone function of one row. Pure: an app that never imports the function never
 * bundles its row or its schemas.
 */
/* @__NO_SIDE_EFFECTS__ */
export function operation<const O extends Operation, W extends Sending = Plain>(
  name: string,
  op: O,
  through?: Through,
): Standalone<O, W> {
  return ((http: Partial<HttpAdapter>, ...args: unknown[]) =>
    send(http, name, op, args, through)) as Standalone<O, W>;
}

/**
 * A module: one method per row, named as its key, each sending through `http` (and `through`,
 * if given). A row of `endpoints` (read once, here) sends its operation elsewhere: the row keeps
 * everything else (validation, parsing).
 */
export function moduleOf(
  http: Partial<HttpAdapter>,
  rows: Record<string, Operation>,
  through?: Through,
  endpoints: Record<string, Partial<Operation> | undefined> = {},
): Record<string, unknown> {
  const module: Record<string, unknown> = {};
  let verb = '';
  let ok = false;
  for (const key in rows) {
    const row = { ...rows[key]!, ...endpoints[key] };
    verb = row.method.toLowerCase();
    ok ||= has(http, verb);
    module[key] = (...args: unknown[]) => send(http, key, row, args, through);
  }
  needs(http, verb, ok);
  return module;
}

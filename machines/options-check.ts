// The client options both browser clients check before anything starts (REVIEW-O 6): their flows,
// `environment`'s parts, `storage`, `onStepUp`, `playClock`, `inspect`, `debug`, and `baseURL` and
// `fetch` (the adapter checks them again; read here first). One that cannot work, or cannot be
// read, throws the `ConfigurationError` naming it, never a client that fails later as `network`.

import { ConfigurationError } from 'pam-client';

/** The options read here (each client's own options type has them, some optional). */
export interface OptionsChecked {
  baseURL?: unknown;
  fetch?: unknown;
  environment?: unknown;
  inspect?: unknown;
  debug?: unknown;
  onStepUp?: unknown;
  playClock?: unknown;
  storage?: unknown;
}

/**
 * Each part of `environment` an app may give (null: the default; `channel: null`: none): its type
 * (`typeof`), then the methods it must have.
 */
const PARTS: Record<string, string> = {
  clock: 'object now serverNow trusted learn subscribe',
  now: 'function',
  serverNow: 'function',
  random: 'function',
  timers: 'object setTimeout clearTimeout',
  visibility: 'object isHidden onChange',
  focus: 'object onFocus',
  online: 'object isOnline onChange',
  channel: 'object postMessage addEventListener removeEventListener close',
  lifecycle: 'object onLeave',
  tabId: 'string',
};

/** The options checked here, in this order (any object has `valueOf`: null does not pass). */
const OPTIONS: Record<string, string> = {
  // (Read here first: one whose reading throws, a getter or a Proxy, is refused, its error dropped.)
  baseURL: 'string',
  fetch: 'function',
  onStepUp: 'function',
  playClock: 'function',
  storage: 'object get set clear',
  environment: 'object valueOf',
  inspect: 'function|object valueOf',
  debug: 'boolean|function',
};

/**
 * The client's own options (the adapter checks its own, `createAuthModule` the `endpoints`), before
 * anything starts or is sent: one that cannot work (or cannot be read) throws the
 * `ConfigurationError` naming it (REVIEW-O 6), never a client that fails later as `network`.
 */
export function checkOptions(
  options: OptionsChecked,
  flows: unknown,
  /** The flows this client runs: the first `once` of them at most once each. */
  known: readonly string[],
  once: number,
): void {
  // No options, or null: `options` itself (REVIEW-Y Y-7), not a TypeError reading it.
  let name = 'options';
  // Throws unless `value` is absent or of a type `kind`'s first word names (`a|b`: either), with the
  // methods it lists next (null has none: it throws).
  const is = (at: string, value: unknown, kind: string) => {
    name = at;
    // (`split` even for an absent value: a name without a kind throws.)
    if (
      kind
        .split(' ')
        .some(
          (word, i) =>
            value !== undefined &&
            (i
              ? typeof (value as Record<string, unknown>)[word] !== 'function'
              : !word.includes(typeof value)),
        )
    )
      throw 0;
  };
  try {
    const env = options.environment as Record<string, unknown> | undefined;
    name = 'flows';
    (flows as { name: string }[]).forEach((flow, i) => {
      name = `flows[${i}]`;
      const at = known.indexOf(flow.name);
      if (
        typeof flow !== 'object' ||
        at < 0 ||
        (at < once && (flows as { name: string }[]).findIndex((f) => f.name === flow.name) < i)
      )
        throw 0;
    });
    for (const k in OPTIONS) is(k, options[k as keyof OptionsChecked], OPTIONS[k]!);
    // A part given as null takes its default (`channel: null`: none); an unknown one is refused (no
    // kind: not even an inherited name such as `toString` has a string there, so `split` throws).
    for (const k in env) is(`environment.${k}`, env[k] ?? undefined, PARTS[k]!);
  } catch {
    throw new ConfigurationError(`${name} cannot work as given`);
  }
}

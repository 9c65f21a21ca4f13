// The client options both browser clients check before anything starts (REVIEW-O 6): their flows,
// `environment`'s parts, `storage`, `onStepUp`, `playClock`. One that cannot work throws the
// `ConfigurationError` naming it, never a client that fails later as `network`.

import { ConfigurationError } from 'pam-client';

/** The options read here (each client's own options type has them, some optional). */
export interface OptionsChecked {
  environment?: unknown;
  onStepUp?: unknown;
  playClock?: unknown;
  storage?: unknown;
}

/**
 * Each part of `environment` an app may give (null: the default; `channel: null`: none): a
 * function (''), a string ('s'), or an object with these methods.
 */
const PARTS: Record<string, string> = {
  clock: 'now serverNow trusted learn subscribe',
  now: '',
  serverNow: '',
  random: '',
  timers: 'setTimeout clearTimeout',
  visibility: 'isHidden onChange',
  focus: 'onFocus',
  online: 'isOnline onChange',
  channel: 'postMessage addEventListener removeEventListener close',
  lifecycle: 'onLeave',
  tabId: 's',
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
  const env = options.environment as Record<string, unknown> | undefined;
  let name = 'flows';
  // Throws unless `value` is absent or of `kind`: '' a function, 's' a string, else an object with those methods.
  const is = (at: string, value: unknown, kind: string) => {
    name = at;
    if (
      value !== undefined &&
      (kind === 's'
        ? typeof value !== 'string'
        : kind
          ? typeof value !== 'object' ||
            !kind.split(' ').every((m) => typeof (value as Record<string, unknown>)[m] === 'function')
          : typeof value !== 'function')
    )
      throw 0;
  };
  try {
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
    is('onStepUp', options.onStepUp, '');
    is('playClock', options.playClock, '');
    is('storage', options.storage, 'get set clear');
    // (Any object has `valueOf`: null, a string or a number does not pass.)
    is('environment', env, 'valueOf');
    // A part given as null takes its default (`channel: null`: none); an unknown one is refused.
    for (const k in env)
      is(`environment.${k}`, Object.hasOwn(PARTS, k) ? (env[k] ?? undefined) : 0, PARTS[k]!);
  } catch {
    throw new ConfigurationError(`${name} cannot work as given`);
  }
}

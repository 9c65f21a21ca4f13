// The debug log: the only other way (besides `inspect`) to see the session's inner workings, and it
// goes through the same `redactInspection` as the inspector, so it never holds a secret.

import { redactInspection } from 'pam-client';
import type { InspectionEvent } from 'xstate';

/** Receives one line per inspection event and the redacted detail. */
export type DebugLogger = (line: string, detail?: unknown) => void;

function describe(event: InspectionEvent): [string, unknown?] {
  const id = (event.actorRef as { id?: string } | undefined)?.id ?? '?';
  if (event.type === '@xstate.event') return [`${id} <- ${event.event.type}`, event.event];
  if (event.type === '@xstate.snapshot') {
    const { value, status } = event.snapshot as { value?: unknown; status?: unknown };
    return [`${id} = ${JSON.stringify(value ?? null)} (${String(status)})`];
  }
  if (event.type === '@xstate.action') return [`${id} ! ${event.action.type}`, event.action.params];
  return [`${id} ${event.type}`];
}

/**
 * A detached JSON copy: action params may hold live actor refs, whose internals (mailbox, system)
 * no redaction walks; as JSON an actor ref is only its id.
 */
function plain(detail: unknown): unknown {
  if (detail === undefined) return undefined;
  try {
    return JSON.parse(JSON.stringify(detail));
  } catch {
    return '[unserializable]';
  }
}

/**
 * An inspection observer that writes to `log` (default `console.debug`), after redaction.
 *
 * @example
 * createPamClient({ baseURL, debug: (line) => myLogger.debug(line) });
 */
export function debugInspector(log: DebugLogger | true): (event: InspectionEvent) => void {
  const write = writerOf(log);
  // Redacted again after the JSON copy: a class instance (a custom store's session object, say)
  // is left alone by the first pass but becomes plain data here, so its keys are checked too. The
  // same `redactInspection`, which passes only `type` (here the line) through as it is.
  const writeCopy = redactInspection((copy: { type: string; detail: unknown }) =>
    write(copy.type, copy.detail),
  );
  return redactInspection((event: InspectionEvent) => {
    const [line, detail] = describe(event);
    writeCopy({ type: line, detail: plain(detail) });
  });
}

/** The logger behind `debug: true` (`console.debug`), or the app's own. */
const writerOf = (log: DebugLogger | true): DebugLogger =>
  log === true
    ? (line, detail) => console.debug(`[pam-client] ${line}`, detail ?? '')
    : (line, detail) => {
        // An app's logger that throws is skipped: a log line never decides.
        try {
          log(line, detail);
        } catch {}
      };

/**
 * The adapter's `onNoServerDate` for a client with `debug` on: one line, the first time an answer
 * under the base URL comes without a readable `Date` (a cross-origin API that does not expose it),
 * since the client then has no server time to learn and `serverNow()` stays the device's clock.
 * Undefined without `debug` (nothing to say it to).
 *
 * @example
 * createOfetchAdapter({ baseURL, onNoServerDate: noServerDateOnce(options.debug) });
 */
export function noServerDateOnce(log: DebugLogger | boolean | undefined): (() => void) | undefined {
  if (!log) return undefined;
  const write = writerOf(log);
  let said = false;
  return () => {
    if (said) return;
    said = true;
    write('clock: no Date header (Access-Control-Expose-Headers?): serverNow() is the device clock');
  };
}

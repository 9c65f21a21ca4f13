// The mark of the machines' own events: an event built here (a self-send, a listener's event) is
// trusted, and an internal one carries the private mark, so no outside code can forge one. A leaf:
// it imports nothing, so any module (the environment's wake-up listener included) may use it.

/**
 * The type of the mark (never exported from the package, so no outside code can construct an
 * internal event). A class with a private member is nominal: an object literal never has
 * this type, so an internal event cannot be written from outside without a cast. (A `unique
 * symbol` key would do the same, but declaration files cannot name a module-private symbol.)
 */
export declare class InternalMark {
  private readonly nominal: never;
}
const MARK = Symbol('pam-client.session.internal') as unknown as InternalMark;
export type Marked = { readonly $internal: InternalMark };

// The mark is the event object itself, not a value on it: an inspector sees `$internal` and could
// copy it onto a forged event, but only objects built here are in TRUSTED. TICKETS lets each one
// through the outside door (an app-facing `send`, `system._relay` with no source) once, so an
// event object seen by an inspector cannot be sent again from outside either.
const TRUSTED = new WeakSet<object>();
const TICKETS = new WeakSet<object>();

/** Marks an event built by the machines' own code (a self-send, a listener's event) as trusted. */
export const trusted = <E extends object>(event: E): E => {
  TRUSTED.add(event);
  TICKETS.add(event);
  return event;
};

/** Marks an internal event (typed by its union in ./events.ts). Only the machines' own modules import this. */
export const internal = <E extends { type: string }>(event: E): E & Marked =>
  trusted({ ...event, $internal: MARK }) as E & Marked;

/** True only for the very objects `internal()` built (a copy with the same mark is not one). */
export const isInternal = (event: object): boolean =>
  TRUSTED.has(event) && (event as Partial<Marked>).$internal === MARK;

/** Whether `event` was built by `trusted()`/`internal()`. */
export const isTrusted = (event: unknown): boolean =>
  typeof event === 'object' && event !== null && TRUSTED.has(event);

/** Lets a trusted event through the outside door once (false for anything else, or a second time). */
export const takeTicket = (event: unknown): boolean =>
  typeof event === 'object' && event !== null && TICKETS.delete(event);

// The session actor as an app holds it: every door that reaches it from outside (`send`, `ref.send`,
// a child's `_parent.send`, `system._relay` without a source) passes commands only.

import type { AnyActorRef } from 'xstate';
import { isTrusted, takeTicket } from '../session/events';

/** What an app may send the session (`SessionEvent`): everything else is dropped at the door. */
const COMMANDS: ReadonlySet<string> = new Set([
  'LOGIN',
  'REGISTER',
  'SUBMIT_CODE',
  'CANCEL',
  'LOGOUT',
  'TICK',
  'REFRESH',
]);

/** A command an app may send. */
const isCommand = (event: unknown): boolean =>
  typeof event === 'object' && event !== null && COMMANDS.has((event as { type?: unknown }).type as string);

type Relay = (source: AnyActorRef | undefined, target: AnyActorRef, event: unknown) => void;

/**
 * Guards the actor itself (not a proxy of it, which `actor.ref`, `self` or a child's parent would
 * bypass) and every actor of its system. XState delivers its own events (a child's done, error and
 * snapshot events, `sendParent`, `sendTo`, delayed events) through `system._relay` with a source;
 * `send` on any actor relays with none. So an event with no source comes from outside: the session
 * takes a command, or an event its own modules built (`internal()`, once: a copy or a replay of an
 * inspected one is refused); a child (login, refresh, profile, play time, tabs) takes only an
 * event its own code built (`trusted()`), never an app's `snapshot.children.x.send(...)`.
 * Forged internal events and `xstate.*` events (`xstate.done.actor.*`, `xstate.error.actor.*`)
 * are dropped.
 */
export function guardCommands<T extends AnyActorRef>(actor: T): T {
  const system = actor.system as unknown as { _relay: Relay };
  const relay = system._relay;
  system._relay = (source, target, event) => {
    if (source === undefined) {
      const ours = takeTicket(event);
      if (target === actor ? !(isCommand(event) || ours) : !ours) return;
    }
    relay(source, target, event);
  };
  const send = actor.send.bind(actor);
  Object.defineProperty(actor, 'send', {
    value: (event: unknown) => {
      if (isCommand(event) || isTrusted(event)) send(event as never);
    },
  });
  return actor;
}

// The session actor as an app holds it: every door that reaches it from outside (`send`, `ref.send`,
// a child's `_parent.send`, `system._relay` without a source) passes commands only.

import type { AnyActorRef } from 'xstate';
import { isInternal } from '../session/events';

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

/** A command, or an internal event built by the session's own modules (its mark cannot be forged). */
const isCommand = (event: unknown): boolean =>
  typeof event === 'object' &&
  event !== null &&
  (COMMANDS.has((event as { type?: unknown }).type as string) || isInternal(event));

type Relay = (source: AnyActorRef | undefined, target: AnyActorRef, event: unknown) => void;

/**
 * Guards the actor itself (not a proxy of it, which `actor.ref`, `self` or a child's parent would
 * bypass). XState delivers its own events (a child's done, error and snapshot events, `sendParent`,
 * delayed events) through `system._relay` with a source; `actor.send` relays with none. So an event
 * with no source is an app's, and only a command gets in: forged internal events and
 * `xstate.*` events (`xstate.done.actor.*`, `xstate.error.actor.*`) are dropped.
 */
export function guardCommands<T extends AnyActorRef>(actor: T): T {
  const system = actor.system as unknown as { _relay: Relay };
  const relay = system._relay;
  system._relay = (source, target, event) => {
    if (source === undefined && target === actor && !isCommand(event)) return;
    relay(source, target, event);
  };
  const send = actor.send.bind(actor);
  Object.defineProperty(actor, 'send', {
    value: (event: unknown) => {
      if (isCommand(event)) send(event as never);
    },
  });
  return actor;
}

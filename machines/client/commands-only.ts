// The session actor as an app holds it: every door that reaches it or one of its actors from outside
// (`send` on the actor, on `actor.ref`, on a child from `snapshot.children`, a child's parent) passes
// commands only. Built on XState's public surface: an actor's `send` and the system's inspection.

import type { AnyActorRef } from 'xstate';
import { takeTicket } from '../session/events';

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

/**
 * Replaces `ref.send` (the door from outside: XState delivers its own events, a child's done, error
 * and snapshot events, `sendParent`, `sendTo`, delayed events, past it) with one that lets through
 * an event built by our own modules (`trusted()`/`internal()`, once: a copy or a replay of an
 * inspected one is refused) and, at the root, an app's command.
 */
function guard(ref: AnyActorRef, root: boolean, guarded: WeakSet<AnyActorRef>): void {
  if (guarded.has(ref)) return;
  guarded.add(ref);
  const send = ref.send.bind(ref);
  Object.defineProperty(ref, 'send', {
    value: (event: unknown) => {
      const ours = takeTicket(event);
      if (ours || (root && isCommand(event))) send(event as never);
    },
  });
}

/** `ref` and every actor below it that exists now. */
function guardTree(ref: AnyActorRef, root: boolean, guarded: WeakSet<AnyActorRef>): void {
  guard(ref, root, guarded);
  const children = (ref.getSnapshot() as { children?: Record<string, AnyActorRef | undefined> }).children;
  for (const child of Object.values(children ?? {})) if (child) guardTree(child, false, guarded);
}

/**
 * Guards the actor itself (not a proxy of it, which `actor.ref`, `self` or a child's parent would
 * bypass) and every actor of its system, those that exist now and those created later (each is
 * announced to the system's inspectors as it is made, before anything can reach it). The session
 * takes a command, or an event its own modules built; a child (login, refresh, profile, play time,
 * tabs) takes only an event its own code built, never an app's `snapshot.children.x.send(...)`.
 * Forged internal events and `xstate.*` events (`xstate.done.actor.*`, `xstate.error.actor.*`)
 * are dropped.
 *
 * @example
 * const session = guardCommands(createActor(sessionMachine, { input })); // before start()
 */
export function guardCommands<T extends AnyActorRef>(actor: T): T {
  const guarded = new WeakSet<AnyActorRef>();
  guardTree(actor, true, guarded);
  actor.system.inspect((event) => {
    // The inspection types an actor as `ActorRefLike`; the one announced here is an actor of this system.
    if (event.type === '@xstate.actor')
      guard(event.actorRef as AnyActorRef, event.actorRef === actor, guarded);
    // An event of ours XState delivers (a callback's sendBack, sendTo, sendParent) spends its ticket:
    // an inspector that saw it cannot send it again through a door. This observer is the system's
    // first, so it runs before any an app adds.
    if (event.type === '@xstate.event') takeTicket(event.event);
  });
  return actor;
}

// The session actor as an app holds it: every door that reaches it or one of its actors from outside
// (`send` on the actor, on `actor.ref`, on a child from `snapshot.children`, a child's parent) passes
// commands only. Built on XState's public surface: an actor's `send` and the system's inspection.

import { secret } from 'pam-client';
import type { AnyActorRef } from 'xstate';
import { boxCaptcha } from '../login/request';
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

type Rec = Record<string, unknown>;

/** `o` with its string `key` boxed by `box`. */
const boxKey = (o: Rec, key: string, box: (value: never) => unknown): Rec =>
  typeof o[key] === 'string' ? { ...o, [key]: box(o[key] as never) } : o;

/**
 * A command's secrets boxed (a string password, code or captcha token), whatever door it came
 * through (`client.state.send`, the deprecated `client.session`, the developer door): no
 * inspector, log or warning sees them raw. `client.login` and its siblings box them already.
 */
function boxed(event: Rec): Rec {
  if (event.type === 'REGISTER' && typeof event.payload === 'object' && event.payload !== null)
    return {
      ...event,
      payload: boxKey(boxKey(event.payload as Rec, 'password', secret), 'captcha_token', boxCaptcha),
    };
  return boxKey(boxKey(boxKey(event, 'password', secret), 'code', secret), 'captchaToken', boxCaptcha);
}

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
      // A stopped (or finished) actor takes nothing: XState would print the event in a warning.
      if ((ref.getSnapshot() as { status?: string }).status !== 'active') return;
      if (takeTicket(event)) send(event as never);
      else if (root && isCommand(event)) send(boxed(event as Rec) as never);
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

// `funnelEvents()`: the opt-in flow that adds the funnel and audit events to `client.on`. It only
// observes (the actor system's inspection, the session's emitted events, the user module's
// calls); an app that does not import it carries none of it. It attaches through what every flow
// has (its inspection observer and `FlowSetup.user()`): the client has no code for it.

import type { AnyActorRef } from 'xstate';
import type { ClientFlow } from '../client/flows';
import type { FunnelEvent } from './events';
import { sessionSteps } from './session-steps';
import { userCalls } from './user-calls';

/**
 * The options of `funnelEvents()`.
 *
 * @example
 * funnelEvents({ appSources: ['web', 'android'] } satisfies FunnelOptions);
 */
export interface FunnelOptions {
  /**
   * The app sources (a login's `appSource`, a registration's `app_source`) that are reported as
   * given; any other is reported as `'other'`, so a free text never reaches an event.
   */
  appSources?: readonly string[];
  /**
   * The app's own pseudonym of a player (e.g. a keyed hash of the id it is given): set as
   * `player` on the events of a signed-in session. Without it, no event names a player.
   */
  pseudonym?: (playerId: number) => string;
}

type Listener = (event: FunnelEvent) => void;

/** Calls every listener; one listener's bug neither hides the others nor reaches the session. */
function notify(listeners: Set<Listener> | undefined, event: FunnelEvent) {
  for (const listener of [...(listeners ?? [])]) {
    if (!listeners?.has(listener)) continue;
    try {
      listener(event);
    } catch (error) {
      queueMicrotask(() => {
        throw error;
      });
    }
  }
}

/**
 * The funnel and audit events (docs/events.md): sign-in, registration, the session, step-up,
 * responsible gaming and the income report, one event per moment through `client.on`, with
 * counts, durations, server times and error codes only (never a login, a name, an id, a note, a
 * URL, a token or a message).
 *
 * @example
 * const client = createPamClient({ baseURL, flows: [...operatorPreset(), funnelEvents({ appSources: ['web'] })] });
 * client.on('signIn.signedIn', (e) => analytics.track('signed_in', { ms: e.durationMs }));
 */
export const funnelEvents = (options: FunnelOptions = {}): ClientFlow<'funnel'> => ({
  name: 'funnel',
  setup: ({ env, onStepUp, user }) => {
    const listeners = new Map<string, Set<Listener>>();
    const pseudonyms = new Map<number, string | undefined>();
    let player: string | undefined;
    let runs = 0;
    const nextRun = () => ++runs;
    const emit = (event: { type: string } & Record<string, unknown>) => {
      const e = { ...event, at: env.serverNow(), ...(player === undefined ? {} : { player }) };
      notify(listeners.get(e.type), e as unknown as FunnelEvent);
    };
    const playerIs = (id: number | null) => {
      if (id === null || !options.pseudonym) {
        player = undefined;
        return;
      }
      if (!pseudonyms.has(id)) {
        let name: string | undefined;
        try {
          const given = options.pseudonym(id);
          name = typeof given === 'string' ? given : undefined;
        } catch {
          name = undefined;
        }
        pseudonyms.set(id, name);
      }
      player = pseudonyms.get(id);
    };
    const calls = userCalls({ emit, now: env.now, nextRun, prompt: onStepUp });
    // `client.on` asks the session actor for every event but `mutationOutcomeUnknown`: the
    // funnel's (named `<flow>.<moment>`; the session's own have no dot) are answered here. And
    // the client's user module (the same object as `client.user`) reports its calls. Both once,
    // when the session actor is made: after the flows' set-up, before the client is handed out.
    const attach = (session: AnyActorRef) => {
      const on = session.on.bind(session);
      Object.defineProperty(session, 'on', {
        value: (type: string, listener: Listener) => {
          if (!type.includes('.')) return on(type, listener);
          const set = listeners.get(type) ?? new Set();
          listeners.set(type, set);
          // One entry per subscription (the same listener twice is two, as with XState's `on`).
          const entry: Listener = (event) => listener(event);
          set.add(entry);
          return { unsubscribe: () => set.delete(entry) };
        },
        // A second funnel in the same client wraps this one's `on` in turn.
        configurable: true,
        writable: true,
      });
      const module = user?.();
      if (module) Object.assign(module, calls.wrap(module));
    };
    const inspect = sessionSteps({
      emit,
      now: env.now,
      nextRun,
      appSources: options.appSources ?? [],
      playerIs,
      attach,
      stopped: () => {
        calls.stop();
        emit({ type: 'session.stopped' });
        listeners.clear();
      },
    });
    return { inspect };
  },
});

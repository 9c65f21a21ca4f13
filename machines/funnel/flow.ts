// `funnelEvents(flows)`: the opt-in flows that add the funnel and audit events to `client.on`. It
// only observes (the actor system's inspection, the session's emitted events, the user module's
// calls); an app that does not import it carries none of it, and the client has no code for it: it
// is given the app's flows, puts its own flow last (its inspection observer) and wraps the user
// flow's set-up, so it holds the module the client hands out as `client.user`.

import { ConfigurationError, type UserModule } from 'pam-client';
import type { AnyActorRef } from 'xstate';
import type { ClientFlow, FlowParts, FlowSetup } from '../client/flows';
import { notify } from '../client/view-hub';
import type { EmitFunnel, FunnelEvent } from './events';
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

/**
 * The funnel and audit events (docs/events.md): `flows` with the funnel added. Sign-in,
 * registration, the session, step-up, responsible gaming and the income report, one event per
 * moment through `client.on`, with counts, durations, server times and error codes only (never a
 * login, a name, an id, a note, a URL, a token or a message). The user module's calls are told
 * when `flows` has `userModule()` (the operator preset does).
 *
 * @example
 * const client = createPamClient({ baseURL, flows: funnelEvents(operatorPreset(), { appSources: ['web'] }) });
 * client.on('signIn.signedIn', (e) => analytics.track('signed_in', { ms: e.durationMs }));
 */
export function funnelEvents<const F extends readonly ClientFlow[]>(
  flows: F,
  options: FunnelOptions = {},
): [...F, ClientFlow<'funnel'>] {
  // A wrong call form (no flows, the options alone, one flow, a list with a non-flow) is told
  // here, with the right one, not as a TypeError from inside the client.
  const isFlow = (f: unknown) =>
    typeof f === 'object' && f !== null && typeof (f as ClientFlow).name === 'string';
  if (!Array.isArray(flows) || !flows.every(isFlow) || typeof options !== 'object' || options === null)
    throw new ConfigurationError(
      'funnelEvents(flows, options?) takes the list of flows: funnelEvents(operatorPreset())',
    );
  // The user module of the client being made: its user flow's set-up runs before the funnel's
  // (after it in `flows`), in the same pass.
  let made: UserModule | undefined;
  const observed = (flow: ClientFlow): ClientFlow =>
    flow.name === 'user'
      ? {
          ...flow,
          setup: (s: FlowSetup): FlowParts => {
            const parts = (flow.setup as NonNullable<ClientFlow['setup']>)(s);
            made = parts.user;
            return parts;
          },
        }
      : flow;
  const funnel: ClientFlow<'funnel'> = {
    name: 'funnel',
    setup: ({ env, onStepUp }) => {
      const listeners = new Map<string, Set<Listener>>();
      // The app's pseudonym of each player, asked once, as the events' `player` field (none named: no field).
      const pseudonyms = new Map<number, { player?: string }>();
      let player: { player?: string } = {};
      let playing: number | null = null;
      let runs = 0;
      const nextRun = () => ++runs;
      // The events' stamps: the server's clock, never back (a later answer's `Date` may move its
      // estimate back, by its bound at most): what happened later is never stamped earlier.
      let last = 0;
      const stamp = () => (last = Math.max(last, env.serverNow()));
      const emit: EmitFunnel = (event, who = player) => {
        // (A restrictions' event comes stamped: when it was read, held or not.)
        // Frozen: every listener hears it as built (review 139: one listener's `email` added, or
        // `run` renamed, reached the OTel bridge's spans).
        // A run's events carry the player who began it (review 157: A's pause answered in B's
        // session was B's in the app's audit).
        const e = Object.freeze({ ...event, at: event.at ?? stamp(), ...who });
        const set = listeners.get(e.type);
        if (set) notify(set, e as unknown as FunnelEvent);
      };
      // No pseudonym function, a throw or not a string: the player is not named.
      const playerIs = (id: number | null) => {
        if (id !== null && options.pseudonym && !pseudonyms.has(id)) {
          let name: unknown;
          try {
            name = options.pseudonym(id);
          } catch {}
          pseudonyms.set(id, typeof name === 'string' ? { player: name } : {});
        }
        player = (id !== null && pseudonyms.get(id)) || {};
        // A player's login ended (signed out, or another signed in): its report runs end with it.
        if (playing !== null && id !== playing) calls.endLogin();
        playing = id;
      };
      const calls = userCalls({
        emit,
        now: env.now,
        nextRun,
        player: () => player,
        prompt: onStepUp,
        hold: () => inspect.hold(),
      });
      // The client's user module (the same object as `client.user`) reports its calls: wrapped in
      // place, before the client is handed out.
      if (made) Object.assign(made, calls.wrap(made));
      // `client.on` asks the session actor for every event but `mutationOutcomeUnknown`: the
      // funnel's (named `<flow>.<moment>`; the session's own have no dot) are answered here, once,
      // when the session actor is made (before the client is handed out).
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
      };
      const inspect = sessionSteps({
        emit,
        now: env.now,
        serverNow: stamp,
        timers: env.timers,
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
  };
  return [...flows.map(observed), funnel] as unknown as [...F, ClientFlow<'funnel'>];
}

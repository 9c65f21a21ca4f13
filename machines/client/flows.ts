// The flows an app runs, each bundled only when imported: `createCustomPamClient({ flows: [...] })`
// takes them; `createPamClient` runs the operator preset (tabs, profile and restrictions, play
// time, the user module, registration), so responsible gaming stays the default for this operator's apps.

// The token-refresh machine first, for the bundles only (thirty-third size pass; nothing here uses
// it, as clock.ts's `import 'xstate'`): this module is the first the machines' entry reaches, so it
// decides the order of the machines' shared chunk. With the refresh machine before the login
// machine (and what it imports), an app's bundle gzips smaller: lean client -23 B, preset + Vue
// -53 B, every flow -41 B (measured; side-effect free, `sideEffects: false`: nothing is kept for it).
import '../tokenRefreshMachine';
import {
  type AuthEndpoints,
  type AuthModule,
  createRegistrationModule,
  createUserModule,
  type HttpAdapter,
  type RegistrationModule,
  redactInspection,
  type UserModule,
} from 'pam-client';
import { USER_CALLS } from 'pam-client/internal';
import type { InspectionEvent, Observer } from 'xstate';
import { readingOf } from '../clock';
import { type CrossTab, createCrossTab, refreshWait } from '../cross-tab';
import { isOwnedChannel, type PamEnvironment, tabOf } from '../environment';
import { withoutTokens } from '../login/request';
import { SERVER_PLAY_TIME } from '../server-session/play-time';
import { servicesOf } from '../session/context';
import type { Owner } from '../session/events';
import {
  PLAY_TIME_SESSION,
  PROFILE_SESSION,
  REGISTRATION_SESSION,
  type SessionFlowImplementations,
  TABS_SESSION,
  WITH_KEPT,
  WITH_PLAY_CLOCK,
} from '../session/flows';
import { PLAY_TIME_TRANSITIONS } from '../session/parts/play-time';
import { PROFILE_TRANSITIONS } from '../session/parts/profile';
import { TABS_TRANSITIONS } from '../session/parts/tabs';
import type { AcceptedStore } from '../session/profile-services';
import type { SessionTransitions } from '../session/setup';
import type { SessionInput } from '../session/types';
import { type DebugLogger, debugInspector } from './debug';
import { heldWhileSent, type MutationOutcomeUnknown, withOutcomeCheck } from './outcome';
import { withReportOwner } from './report-owner';
import { ownerOf } from './restriction-changes';
import { unwatched, watchRestrictionWrites } from './restriction-writes';
import { loginBound, profileRead, type SessionRef, withProfileRecheck } from './session-facade';
import { signedInOnly } from './signed-in-only';
import { type StepUpPrompt, stepUpStorageOf, withStepUp } from './step-up';

/** What the client hands a flow when it is created. */
export interface FlowSetup {
  env: PamEnvironment;
  http: HttpAdapter;
  auth: AuthModule;
  /** The client's `endpoints` option (each module takes its own rows). */
  endpoints?: Partial<AuthEndpoints>;
  /** The session actor (set once created: read it inside callbacks, not at setup). */
  session(): SessionRef | undefined;
  /** How long a tab waits for another tab's refresh (the request timeout). */
  refreshWaitMs: number;
  /** The client-level step-up prompt (`createPamClient({ onStepUp })`). */
  onStepUp: StepUpPrompt | undefined;
  /** Reports a mutation whose outcome is unknown to `client.on('mutationOutcomeUnknown')`. */
  reportOutcome(event: MutationOutcomeUnknown): void;
  /**
   * @internal Where the client keeps a restriction accepted for a player past the login and the page.
   * The server-session client passes its own; `createCustomPamClient` passes none (the user flow then
   * uses the store beside the session's token store: `acceptedStoreOf(tokens, clock)`).
   */
  accepted?: AcceptedStore;
  /**
   * @internal The server-session client's page (`pageOf`): the key of what it keeps in memory for a
   * player beyond one client (the step-up count without `localStorage`, review 148). None: the token store.
   */
  page?: object;
  /**
   * @internal The adapter without the client's stop, for the calls that grant a token (a
   * registration's): they run to their end after a stop, and a grant then is revoked (review 149).
   */
  grants?: HttpAdapter;
}

/** What a flow adds to the client. */
export interface FlowParts {
  crossTab?: CrossTab;
  user?: UserModule;
  /** `registerSimplified` and `validateDocument`, added to `client.auth` and the session's login child. */
  registration?: RegistrationModule;
  /** An inspection observer the session runs with (behind `redactInspection`). */
  inspect?: (event: InspectionEvent) => void;
}

/**
 * One flow of the client: what it gives the session machine (child actors and actions by name),
 * its defaults for the session's input, and what it adds to the client.
 *
 * @example
 * const client = createCustomPamClient({ baseURL, flows: [tabs(), profile()] });
 */
export interface ClientFlow<N extends string = string> {
  readonly name: N;
  readonly session?: SessionFlowImplementations;
  /**
   * Its part of the session's statechart: its children while signed in and the transitions for
   * the events only it makes (the tabs flow's verdicts, the profile and play-time flows' children
   * and datum); a client without the flow carries none of them.
   */
  readonly transitions?: SessionTransitions;
  readonly input?: Partial<SessionInput>;
  /** Builds the flow's parts once the client's adapter, modules and environment exist. */
  setup?(s: FlowSetup): FlowParts;
}

/**
 * The tabs flow: the tabs of an origin share the session over a `BroadcastChannel` (one refresh
 * for all, logins and logouts everywhere); a page that goes away releases its refresh claim.
 *
 * @example
 * createCustomPamClient({ baseURL, flows: [tabs()] });
 */
export const tabs = (): ClientFlow<'tabs'> => ({
  name: 'tabs',
  session: TABS_SESSION,
  transitions: TABS_TRANSITIONS,
  setup: ({ env, refreshWaitMs }) =>
    env.channel
      ? {
          crossTab: createCrossTab(env.channel, {
            ...env,
            ...tabOf(env),
            ownsChannel: isOwnedChannel(env.channel),
            // A claim lasts as long as its refresh can: the request's timeout (`refreshWait`), and a
            // little more.
            claimTtlMs: refreshWait(refreshWaitMs) + 5_000,
          }),
        }
      : {},
});

/**
 * The profile flow: the profile read while signed in, the SPA register checked again each São
 * Paulo day, and the responsible-gaming restrictions with their status (`view.restrictions`).
 *
 * @example
 * createCustomPamClient({ baseURL, flows: [profile()] });
 */
export const profile = (): ClientFlow<'profile'> => ({
  name: 'profile',
  session: PROFILE_SESSION,
  transitions: PROFILE_TRANSITIONS,
  input: WITH_KEPT,
  // A restriction change sent through `client.http` (and any module built on it) is followed as a
  // `client.user` change is (REVIEW29A-10): barred from the send, re-read once accepted or unknown.
  setup: ({ http, env, session, accepted }) => {
    watchRestrictionWrites(http, {
      session,
      serverNow: () => env.serverNow(),
      accepted,
      ownerNow: ownerOf(session),
      // (A limit change's limits as its call's reader takes them, as `client.user`'s: U-1.)
      sent: USER_CALLS.sent,
    });
    return {};
  },
});

/** The play-time flow as the preset runs it (`createPamClient`: no server-session part). */
const presetPlayTime = (): ClientFlow<'playTime'> => ({
  name: 'playTime',
  session: PLAY_TIME_SESSION,
  transitions: PLAY_TIME_TRANSITIONS,
  input: WITH_PLAY_CLOCK,
});

/**
 * The play-time flow: signed-in time against the time limit (`view.playTime`, the
 * `timeLimitWarning` and `timeLimitReached` events). Takes the limit from the profile flow (in
 * `createServerSessionClient`, from the client's own restrictions: REVIEW-P P11).
 *
 * @example
 * createCustomPamClient({ baseURL, flows: [profile(), playTime()] });
 * createServerSessionClient({ flows: [playTime()] });
 */
export const playTime = (): ClientFlow<'playTime'> =>
  // (Its server-session part, `server`, only with this export: the preset's bundle has none.)
  ({ ...presetPlayTime(), server: SERVER_PLAY_TIME }) as ClientFlow<'playTime'>;

/**
 * The user module as `client.user`: a mutation whose outcome is unknown re-reads the profile
 * (never resends); a responsible-gaming change makes the profile flow read the restrictions again;
 * sensitive changes without their own `onStepUp` use the client's.
 *
 * @example
 * const client = createCustomPamClient({ baseURL, flows: [userModule()] });
 * await client.user.getLoginHistory();
 */
export const userModule = (): ClientFlow<'user'> => ({
  name: 'user',
  setup: ({ http, auth, env, session, onStepUp, reportOutcome, accepted, page }) => {
    // The player and login held now. A call made while the stored session is read waits at the door
    // for the restore to land (`signedInOnly`, FIXREST28): every layer below runs in the login it
    // landed on (REVIEW-27C R27C-1), or not at all.
    const ownerNow = ownerOf(session);
    // A change whose request left settles by its own answer whatever login the session holds
    // meanwhile; one not sent yet is aborted when its login ends (`heldWhileSent`, REVIEW-AK AK-2).
    // (The adapter's calls as sent, never the profile flow's watch of them: each change told once.)
    const [sender, hold] = heldWhileSent(unwatched(http));
    const checked = withOutcomeCheck(
      // Wrong step-up passwords are counted per player (the one signed in when a change is sent),
      // on the server's clock, shared by the tabs of the origin (issue 26).
      createUserModule(sender, {
        signedIn: ownerNow,
        serverNow: () => env.serverNow(),
        // No lock ends on a clock the client cannot trust, or one never taught the server's time.
        trusted: () => env.clock.trusted() && env.clock.learned?.() !== false,
        // (Without `localStorage`, in memory per token store, or the server-session client's page:
        // a client made again on them keeps the count, reviews 135 and 148.)
        storage: stepUpStorageOf(() => {
          const s = page ? undefined : session();
          return page ?? (s && servicesOf(s.getSnapshot().context).tokens);
        }),
        // A limit change judged against the limits shown, while current: one making every limit it
        // sends stricter or the same goes through the step-up lock (REVIEW29A-3).
        limits: () => {
          const r = session()?.getSnapshot().context.restrictions;
          return r?.status === 'current' ? r.limits : null;
        },
      }),
      auth,
      (event, owner: Owner, sent) => {
        const s = session();
        // The re-read profile's `user.token` is an access token, and so is one a server echoes
        // deeper (`user.document.token`: review 67): never in an event, a view or a snapshot.
        const profile = withoutTokens(event.profile);
        if (profile && s) profileRead(s, profile, sent, owner);
        reportOutcome({ ...event, profile });
      },
      // The player and login the change was sent for: a re-read that lands after a logout or
      // another player's login is not theirs.
      ownerNow,
      // When the re-read is sent (server time; none when the clock gives none: not taken): a late
      // answer is never newer than a read sent after it (machines/session/profile.ts, `fresh`).
      () => {
        const at = readingOf(() => env.serverNow());
        return typeof at === 'number' ? at : NaN;
      },
      // Each change, its step-up resend and its re-read sent only in the login it began in.
      (owner) => loginBound(session, owner),
      hold,
    );
    // A report belongs to the login that asked for it (REVIEW-AN AN-1).
    const owned = withReportOwner(checked, ownerNow, (owner) => loginBound(session, owner), hold);
    // (Each change told with the server time it was sent at, in either mode; kept for its player: in
    // `accepted`, the server-session client's, or, from `createCustomPamClient`, which gives none, in
    // the store beside the session's token store.)
    return {
      user: signedInOnly(
        withStepUp(
          withProfileRecheck(owned, session, () => env.serverNow(), accepted, ownerNow),
          onStepUp,
        ),
        session,
      ),
    };
  },
});

/**
 * The registration flow: `client.register` (spec 5.3: a new account, signed in as a login would
 * be) and `client.auth.registerSimplified` / `validateDocument` (what `registrationMachine`
 * takes). Without it, `client.register` fails with a `ConfigurationError` and the registration
 * schemas are not bundled.
 *
 * @example
 * const client = createCustomPamClient({ baseURL, flows: [registration()] });
 * client.register({ email, password, country: 'BR', nationalities: '["BR"]', optIn: true });
 */
export const registration = (): ClientFlow<'registration'> => ({
  name: 'registration',
  session: REGISTRATION_SESSION,
  // (On the adapter the client's stop does not end: a registration the session stopped waiting for
  // runs to its end, its grant revoked, as a login's: review 149.)
  setup: ({ http, grants, endpoints }) => ({
    registration: createRegistrationModule(grants ?? http, { endpoints }),
  }),
});

/**
 * The clients' inspection option from their flows' observers: each in turn, one that throws
 * skipped (diagnostics never decide: a closed inspector window must not stop a login, nor silence
 * the observers after it); none, no option.
 */
export const inspectAll = (observers: readonly ((event: InspectionEvent) => void)[]) =>
  observers.length > 0
    ? {
        inspect: (event: InspectionEvent) => {
          for (const observe of observers)
            try {
              observe(event);
            } catch {}
        },
      }
    : {};

/**
 * A debug log of the session (`true`: `console.debug`), redacted like `inspect`; refused channel
 * messages show here.
 *
 * @example
 * createCustomPamClient({ baseURL, flows: [debugLog((line) => logger.debug(line))] });
 */
export const debugLog = (log: DebugLogger | true = true): ClientFlow<'debug'> => ({
  name: 'debug',
  setup: () => ({ inspect: debugInspector(log) }),
});

/**
 * An XState inspector (e.g. the Stately inspector's `inspect`), always wrapped in
 * `redactInspection`: it never sees a password, code or token.
 *
 * @example
 * createCustomPamClient({ baseURL, flows: [inspector(createBrowserInspector().inspect)] });
 */
export const inspector = (
  inspect: Observer<InspectionEvent> | ((event: InspectionEvent) => void),
): ClientFlow<'inspect'> => ({
  name: 'inspect',
  setup: () => ({
    inspect: redactInspection((event: InspectionEvent) =>
      typeof inspect === 'function' ? inspect(event) : inspect.next?.(event),
    ),
  }),
});

/**
 * This operator's preset: tabs, profile and restrictions, play time, the user module and
 * registration. What `createPamClient` runs when no `flows` are given.
 *
 * @example
 * createCustomPamClient({ baseURL, flows: [...operatorPreset(), debugLog()] });
 */
export const operatorPreset = () =>
  [tabs(), profile(), presetPlayTime(), userModule(), registration()] as const;

import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { SimulatedClock } from 'xstate';
import {
  createAuthModule,
  createOfetchAdapter,
  createRegistrationModule,
  createUserModule,
} from '../../src/index';
import {
  type ReferenceServer,
  type ReferenceServerOptions,
  startReferenceServer,
} from '../../src/testing/index';
import { manualClock } from '../testing/helpers';

export interface ServerFixture {
  server: ReferenceServer;
}

/**
 * One reference server per test file, reset to its seed before each test so tests stay
 * independent (the request log starts empty in every test).
 */
export function useReferenceServer(options?: ReferenceServerOptions): ServerFixture {
  const fixture = {} as ServerFixture;
  beforeAll(async () => {
    fixture.server = await startReferenceServer(options);
  });
  beforeEach(() => fixture.server.reset());
  afterAll(() => fixture.server?.close());
  return fixture;
}

/**
 * A reference server on a settable clock (`manualClock`) for the test file: started once, the clock
 * set back to its start and the server to its seed before each test; with `tokenFor`, a token of
 * that seed user issued after each reset (`token`). `server` forwards to the server once it is
 * started, so a `describe` body names it as it is.
 *
 * @example
 * const ref = useClockedReferenceServer(plain.id);
 * const { server, clock } = ref; // ref.token: this test's token
 */
export function useClockedReferenceServer(tokenFor?: number) {
  const clock = manualClock();
  beforeEach(() => clock.set(clock.start));
  const fixture = useReferenceServer({ now: clock.now });
  const ref = {
    clock,
    server: new Proxy({} as ReferenceServer, { get: (_, key) => Reflect.get(fixture.server, key) }),
    token: '',
  };
  if (tokenFor !== undefined)
    beforeEach(() => {
      ref.token = fixture.server.issueToken(tokenFor);
    });
  return ref;
}

/**
 * Midday in São Paulo on a Wednesday in the middle of a month (18 November 2026, 15:00 UTC): no
 * day, week or month of the operator's begins for hours either side, so a count of play time or a
 * limit's period never crosses into the next one in a test that runs on it.
 */
export const MIDDAY_SAO_PAULO = Date.UTC(2026, 10, 18, 15);

/**
 * A reference server for the test file whose clock, in each test that asks for one, is that test's
 * `SimulatedClock` (its `Date` headers, its tokens, its limits' dates): the client and the server on
 * one simulated time that starts at `start`, never the real one. A test of time on the real
 * `Date.now` fails on the hour a period ends: a count that crosses the operator's midnight rightly
 * starts again (CI on 2026-12-06, 02:53 UTC: 24.5 s counted of 90 s). Tests that do not ask keep
 * the real time.
 *
 * @example
 * const ref = useSimulatedTimeServer();
 * const clock = ref.clock(); // at MIDDAY_SAO_PAULO, the server too
 * createPamClient({ baseURL: ref.server.url, environment: { timers: clock, now: () => clock.now() } });
 */
export function useSimulatedTimeServer(start = MIDDAY_SAO_PAULO) {
  let current: SimulatedClock | null = null;
  const fixture = useReferenceServer({ now: () => current?.now() ?? Date.now() });
  afterEach(() => {
    current = null;
  });
  return {
    get server(): ReferenceServer {
      return fixture.server;
    },
    /** A clock at `at` (default `start`) that the server reads too, until the test ends. */
    clock(at = start): SimulatedClock {
      current = new SimulatedClock();
      current.set(at);
      return current;
    },
  };
}

/**
 * The adapter timeout of the reference server's clients in tests, where it runs on real time (its
 * own timer, no simulated clock): generous, as the world's tabs', so a login or a read a test needs
 * is never cut short on a loaded machine (a 1.5 s one failed a login on a loaded CI run). A test of
 * a timeout sets its own, and fakes `setTimeout` before it.
 */
export const REAL_TIME_TIMEOUT_MS = 10_000;

/** The modules on a real adapter, with a fixed token (or none). */
export function clientsFor(server: ReferenceServer, token?: string | null) {
  const http = createOfetchAdapter({
    baseURL: server.url,
    getAccessToken: () => token ?? null,
    timeout: REAL_TIME_TIMEOUT_MS,
  });
  // The auth module with registration's operations (two modules since 0.2.0).
  const auth = { ...createAuthModule(http), ...createRegistrationModule(http) };
  return { http, auth, user: createUserModule(http) };
}

/** The modules signed in as a seed user (token issued directly, no login request recorded). */
export function signedIn(server: ReferenceServer, userId = server.seed.plain.id) {
  const token = server.issueToken(userId);
  return { token, ...clientsFor(server, token) };
}

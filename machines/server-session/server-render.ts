// The server-session client created during a server render: SvelteKit, Nuxt and Next render client
// components on the server too, so a client made in a module or a component's setup runs there
// once per request, with no page to resolve its relative prefix against. It is inert there, as
// createPamClient's browser-only set-up is (the same detection, `isInertOnServer`): its session
// actor is never started (no request, no timer, no listener), no tabs channel is used (not even
// one the app gave); the view is the seed's, so the HTML matches the browser's first frame as far
// as failing closed allows; the commands do nothing.

import { ConfigurationError, type PamSessionSeed } from 'pam-client';
import type { ClockReading } from '../session/types';
import type { ServerReading } from './context';
import { parseSeed } from './seed';

/**
 * A fetch that sends nothing: every call (the user module's too) is refused with a
 * `ConfigurationError` (which the adapter names by its code only: a short message is enough).
 */
export const refusedOnServer: typeof fetch = () =>
  Promise.reject(new ConfigurationError('a server render sends no request'));

/**
 * The seed a server render starts from: a checked `signedIn` seed as it is; anything else signed
 * out at once (no `restoring` frame: nothing is read here, and `client.ready` settles).
 */
export const seedOnServer = (seed: PamSessionSeed | null): PamSessionSeed | null =>
  seed?.status === 'signedIn' ? seed : parseSeed({ status: 'signedOut' });

/**
 * The server's clock as read now, never trusted: whether the player may bet is decided by the
 * browser's clock (the seed judged at its reading), which the server cannot know (a device clock
 * behind the API's, a São Paulo midnight before the page loads). So the seed's restrictions are
 * shown as the last known value (`stale`) and `canBet` is false in the HTML, never true where the
 * browser's first frame could say false (fail closed). It is `final`: nothing is asked during a
 * render, so a seed it calls ended is rendered signed out, as the browser's first frame is.
 */
export const untrustedReading = (reading: ClockReading): ServerReading => ({
  ...reading,
  trusted: false,
  final: true,
});

// pam-client/devtools: what a developer's tools and tests use, apart from what apps render from
// (`pam-client/machines`). The session's raw actor (the visualizer, a debugging session, a test)
// and the one clock built over simulated time. Nothing here is needed to run a client: the
// clients build their clock themselves, and apps follow the session through `client.state`.

export type { SessionActor, SessionState } from './client/session-facade';
export { sessionActorOf } from './client/session-facade';
export type { ClockOptions, PamClock } from './clock';
export { createClock } from './clock';
export type { SessionEvent } from './sessionMachine';

// pam-client/machines: the XState v5 flows and the session client. Each machine is a static
// export (open it in a visualizer), takes its services through `input`, and can be re-wired
// with `.provide()`.

export type {
  DebugLogger,
  LoginCredentials,
  Mutation,
  MutationOutcomeUnknown,
  PamClient,
  PamClientEvent,
  PamClientOptions,
  SessionActor,
} from './createPamClient';
export { createPamClient } from './createPamClient';
export type { CrossTab, CrossTabMessage, SessionReason } from './cross-tab';
export { CLAIM_JITTER_MS, CLAIM_SETTLE_MS, CLAIM_TTL_MS, createCrossTab } from './cross-tab';
export type { BroadcastChannelLike, PamEnvironment, Subscribe, TimersLike } from './environment';
export { browserEnvironment } from './environment';
export * from './incomeReportMachine';
export * from './loginMachine';
export { LOST_RACE_GRACE_MS } from './session/support';
export type { SessionStatus, SessionView } from './session/view';
export { SESSION_STATUSES, selectSessionView } from './session/view';
export type {
  RegisterCommandPayload,
  SessionContext,
  SessionEmitted,
  SessionEvent,
  SessionInput,
} from './sessionMachine';
export { sessionMachine } from './sessionMachine';
export { asPamError, backoffDelay, clampDelay, isTransient } from './shared';
export * from './tokenRefreshMachine';

// pam-client/machines: the XState v5 flows and the session client. Each machine is a static
// export (open it in a visualizer), takes its services through `input`, and can be re-wired
// with `.provide()`.

export type { LoginCredentials, PamClient, PamClientEvent, PamClientOptions } from './createPamClient';
export { createPamClient } from './createPamClient';
export * from './incomeReportMachine';
export * from './loginMachine';
export type { SessionContext, SessionEmitted, SessionEvent, SessionInput } from './sessionMachine';
export { sessionMachine } from './sessionMachine';
export { asPamError, backoffDelay, clampDelay, isTransient } from './shared';
export * from './tokenRefreshMachine';

// pam-client/machines: the XState v5 flows and the session client. Each machine is a static
// export (open it in a visualizer), takes its services through `input`, and can be re-wired
// with `.provide()`.

// (The kind a cross-tab `inflight` message carries, named by `CrossTabMessage` and `publishInFlight`.)
export type { InFlightKind } from 'pam-client';
export type { ClientFlow, FlowParts, FlowSetup } from './client/flows';
export {
  debugLog,
  inspector,
  operatorPreset,
  playTime,
  profile,
  registration,
  tabs,
  userModule,
} from './client/flows';
export type { SessionStatus, SessionView } from './client/session-facade';
export { selectSessionView } from './client/session-facade';
export type { StepUpPrompt } from './client/step-up';
export type { ClockOptions, PamClock } from './clock';
export type {
  CustomPamClient,
  DebugLogger,
  LoginCredentials,
  Mutation,
  MutationOutcomeUnknown,
  PamClient,
  PamClientBase,
  PamClientEvent,
  PamClientOptions,
  SessionActor,
  SessionState,
} from './createPamClient';
export { createCustomPamClient, createPamClient } from './createPamClient';
export type { AcceptedLimits, CrossTab, CrossTabMessage, Kept, SessionReason } from './cross-tab';
export type { BroadcastChannelLike, PamEnvironment, Subscribe, TimersLike } from './environment';
export type {
  AbandonReason,
  FunnelBase,
  FunnelError,
  FunnelEvent,
  FunnelEventType,
  FunnelRun,
  IncomeReportFunnelEvent,
  RegistrationFunnelEvent,
  RgChange,
  RgFunnelEvent,
  SessionFunnelEvent,
  SignInFunnelEvent,
  SignInMethod,
  StepUpChange,
  StepUpFunnelEvent,
} from './funnel/events';
export type { FunnelOptions } from './funnel/flow';
export { funnelEvents } from './funnel/flow';
export type {
  IncomeReportContext,
  IncomeReportEnvironment,
  IncomeReportEvent,
  IncomeReportFailedError,
  IncomeReportInput,
  IncomeReportRequest,
  IncomeReportStatusChange,
  IncomeReportUser,
} from './incomeReportMachine';
export { incomeReportMachine } from './incomeReportMachine';
export type { CaptchaProvider, CaptchaToken } from './login/request';
export type {
  LoginContext,
  LoginEvent,
  LoginInput,
  LoginRequest,
  RegisterRequest,
  RegistrationPayload,
} from './loginMachine';
export { loginMachine } from './loginMachine';
export { persistedData, restoreActor } from './persistence';
export type {
  PlayClockCount,
  PlayClockRecord,
  PlayClockStorage,
  PlayClockStore,
  PlayTimeContext,
  PlayTimeEmitted,
  PlayTimeEvent,
  PlayTimeInput,
  PlayTimeLimit,
} from './playTimeMachine';
export { createLocalStoragePlayClock, playTimeMachine, selectPlayTime } from './playTimeMachine';
export type {
  DocumentCheck,
  DocumentPrefill,
  RegistrationContext,
  RegistrationEvent,
  RegistrationInput,
  RegistrationOutput,
  SubmittedRegistration,
} from './registrationMachine';
export { registrationMachine } from './registrationMachine';
export type { ServerLoginSuccess, ServerSessionStamp } from './server-session/auth';
export type {
  ServerSessionActor,
  ServerSessionClient,
  ServerSessionClientBase,
  ServerSessionClientOptions,
  ServerSessionFlow,
} from './server-session/client';
export { createServerSessionClient } from './server-session/client';
export type { MandatoryLimit, RestrictionStatus, SessionRestrictions } from './session/profile-rules';
export type {
  RegisterCommandPayload,
  SessionContext,
  SessionEmitted,
  SessionEvent,
  SessionInput,
} from './sessionMachine';
export { sessionMachine } from './sessionMachine';
export type { StepUpContext, StepUpEvent, StepUpInput, StepUpRun } from './stepUpMachine';
export { stepUpMachine } from './stepUpMachine';
export type {
  TokenRefreshContext,
  TokenRefreshEmitted,
  TokenRefreshEvent,
  TokenRefreshInput,
} from './tokenRefreshMachine';
export { tokenRefreshMachine } from './tokenRefreshMachine';

// Secrets: boxing sensitive strings and redacting them from anything an inspector or logger sees.
export type { InspectObserver } from './redact';
export { redactInspection, redactSecrets } from './redact';
export { isSecret, Secret, secret } from './secret';

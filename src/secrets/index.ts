// Secrets: boxing sensitive strings and redacting them from anything an inspector or logger sees.
export type { InspectObserver } from './redact';
export { REDACTED, redactInspection, redactSecrets, SECRET_KEYS } from './redact';
export { isSecret, reveal, Secret, secret } from './secret';

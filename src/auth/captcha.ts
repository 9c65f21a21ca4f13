// A captcha provider's answer, read alike wherever a provider is taken: the login, its code step
// and a registration (machines/login/request.ts), and a user-module change (src/user/sensitive.ts).
// A module of its own, importing nothing: the machines import it relatively (as
// src/session/counter.ts), since pam-client/internal holds 12 names at most (test/api/internal-entry).

/**
 * The captcha token a provider's answer gives: a string as it is; anything else ('' then, which
 * every payload's schema refuses: `too_small` on `captcha_token`, nothing sent) is no token. A
 * provider is `() => string | Promise<string>` (docs/contract.md): a number, the widget's object,
 * `undefined` or a `Secret` is never taken for "no captcha", nor revealed (REVIEW-AC AC-5).
 */
export const providedToken = (answer: unknown): string => (typeof answer === 'string' ? answer : '');

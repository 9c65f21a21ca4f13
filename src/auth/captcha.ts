// A captcha provider's answer, read alike wherever a provider is taken: the login, its code step
// and a registration (machines/login/request.ts), and a user-module change (src/user/sensitive.ts).
// A module of its own, importing nothing: the machines import it relatively (as
// src/session/counter.ts), since pam-client/internal holds 12 names at most (test/api/internal-entry).

/**
 * The captcha token `provider` gives (called now; a throw or a rejection rejects): its answer if a
 * string; anything else is no token and gives '', which every payload's schema refuses
 * (`too_small` on `captcha_token`, nothing sent). A provider is `() => string | Promise<string>`
 * (docs/contract.md): a number, the widget's object, `undefined` or a `Secret` is never taken for
 * "no captcha", nor revealed (REVIEW-AC AC-5). The caller bounds the wait.
 */
export const providedToken = (provider: () => unknown): Promise<string> =>
  Promise.resolve(provider()).then((answer) => (typeof answer === 'string' ? answer : ''));

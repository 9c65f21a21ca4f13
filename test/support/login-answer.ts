// The body of a successful `POST /auth/login`, as the reference server would send it.

import type { ReferenceServer } from 'pam-client/testing';

/** The `userInfo` of a plain account that just signed in (no 2FA, nothing pending). */
export const PLAIN_USER_INFO = {
  validate_email_at: null,
  login_at: '2030-01-01 00:00:00',
  login_attempt_qty: 0,
  seven_days_since_last_login: false,
  strong_password: true,
  force_request_kyc: false,
  two_factor_enabled: false,
};

/**
 * A login answer for a seed account, with a real token the server accepts (or `accessToken`).
 *
 * @example
 * server.faults.add({ method: 'POST', path: '/auth/login', status: 200, body: loginAnswer(server, { expiresIn: 60 }) });
 */
export function loginAnswer(
  server: ReferenceServer,
  o: { expiresIn?: number; userId?: number; accessToken?: string } = {},
) {
  const account = Object.values(server.seed).find((a) => a.id === (o.userId ?? server.seed.plain.id));
  const id = account?.id ?? server.seed.plain.id;
  return {
    access_token: o.accessToken ?? server.issueToken(id),
    expires_in: o.expiresIn ?? 28_800,
    token_type: 'Bearer',
    user: { id, email: account?.email ?? server.seed.plain.email },
    userInfo: PLAIN_USER_INFO,
  };
}

// The start of the reviews 57–59 scenarios: a login in one browser whose browser-client logout
// (`logout-0123456789abcdef`, try 1) ended it with its answer lost: the jar keeps the cookie.

import { expect } from 'vitest';
import type { ServerFixture } from '../support/server';
import { Browser, openCookie } from './harness';

/** The id of the logout `keptEndedCookie` sends (try 1: `${LOST_LOGOUT}.1`). */
export const LOST_LOGOUT = 'logout-0123456789abcdef';

/**
 * Signs in at `url` (the seed's plain player), then logs that login out from another connection,
 * as the browser client does (its id, try 1), answered `204` and lost: the cookie the browser kept
 * (`c1`, which `b`, the browser that signed in, holds), its login's id, and the player's
 * credentials. The clock is left where it is.
 */
export async function keptEndedCookie(url: string, ref: ServerFixture) {
  const { email, password } = ref.server.seed.plain;
  const b = new Browser(url);
  expect((await b.login(email, password)).status).toBe(200);
  const c1 = b.cookie!;
  const { loginId } = await openCookie(c1);
  const lost = new Browser(url);
  lost.cookie = c1;
  const out = await lost.call('POST', '/pam/auth/logout', undefined, {
    'x-pam-client': '1',
    'x-pam-login': loginId,
    'x-pam-logout': `${LOST_LOGOUT}.1`,
  });
  expect(out.status).toBe(204);
  return { b, c1, loginId, email, password };
}

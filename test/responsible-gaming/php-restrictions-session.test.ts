import { createPamClient, type PamClient } from 'pam-client/machines';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../support/event-loop';
import { REAL_TIME_TIMEOUT_MS, useReferenceServer } from '../support/server';

// Issue 26, symptom 7, as a player meets it: the profile answer of a PHP back end carries the
// restriction fields as it writes them. A 7-day pause whose end is '1969-12-31 21:00:00' (PHP's
// date() of timestamp 0) freed the player (`canBet: true`, restrictions `current`); an exclusion of
// "0.5" months read as none. Now the restrictions are `unknown` and the player cannot bet.

const ctx = useReferenceServer();
const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

const PROFILE = '/auth/user-profile';
/** Ten days ago as PHP's date('Y-m-d H:i:s') writes it in São Paulo (UTC-3). */
const tenDaysAgo = () =>
  new Date(Date.now() - 10 * 86_400_000 - 10_800_000).toISOString().slice(0, 19).replace('T', ' ');

/** The real profile answer of `account`, with `patch` written over its userInfo. */
async function profileWith(token: string, patch: Record<string, unknown>) {
  const res = await fetch(`${ctx.server.url}${PROFILE}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { userInfo: Record<string, unknown> };
  return { ...body, userInfo: { ...body.userInfo, ...patch } };
}

async function signedInWith(patch: Record<string, unknown>) {
  const { paused } = ctx.server.seed;
  const body = await profileWith(ctx.server.issueToken(paused.id), patch);
  ctx.server.faults.add({ method: 'GET', path: PROFILE, status: 200, body });
  const c = createPamClient({
    baseURL: ctx.server.url,
    timeout: REAL_TIME_TIMEOUT_MS,
    environment: { channel: null },
  });
  clients.push(c);
  c.login({ login: paused.email, password: paused.password });
  await until(() => c.view.status === 'signedIn', 'signed in');
  // The profile read has landed once the restrictions carry its time (unknown before it, too).
  await until(() => c.view.restrictions?.checkedAt != null, 'the profile read applied');
  expect(c.view.restrictions?.error ?? null).toBeNull();
  return c;
}

describe('restrictions a PHP back end writes, through the session (symptom 7)', () => {
  it("a 7-day pause ending '1969-12-31 21:00:00' (before its start) leaves the player unable to bet, restrictions unknown", async () => {
    const c = await signedInWith({ user_pause: '7', user_pause_in: '1969-12-31 21:00:00' });
    expect(c.view.restrictions).toMatchObject({
      status: 'unknown',
      canBet: false,
      unreadable: ['user_pause_in'],
    });
  });

  it('user_exclusion "0.5" is not "no restriction": unknown, no betting', async () => {
    const c = await signedInWith({
      user_pause: 0,
      user_pause_at: null,
      user_pause_in: null,
      user_exclusion: '0.5',
      user_exclusion_at: tenDaysAgo(),
    });
    expect(c.view.restrictions).toMatchObject({
      status: 'unknown',
      canBet: false,
      accountBlocked: true,
      unreadable: ['user_exclusion'],
    });
  });
});

// Review 156 (1): a hostile BFF echoing a token (and the password) in what the browser client
// reads: the profile re-read's token keys, an error body's token keys and message, a header, a
// two-factor challenge carrying one. None reaches the view, the session snapshot, an event, the
// inspector or the debug log; a challenge carrying a token is refused, typed.

import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { sessionActorOf } from '../../machines/devtools';
import { debugLog, inspector } from '../../machines/index';
import { answeredUserInfo } from '../support/answered-user-info';
import { turns, until } from '../support/event-loop';
import { type Seen, SIGNED_OUT, send, USER, useBff, useClients } from './bff';

const bffOf = useBff();
const clientOf = useClients();
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.LEAKEDTOKEN0123456789';
const PASSWORD = 'Secret123!pw';
const DAY = 86_400_000;
const H = { authorization: `Bearer ${TOKEN}`, 'x-access-token': TOKEN };

async function watched(handler: (q: Seen, res: ServerResponse) => void) {
  const bff = await bffOf();
  bff.handler = handler;
  const seen: string[] = [];
  const lines: string[] = [];
  const events: unknown[] = [];
  const { client } = clientOf(bff.url, {
    flows: [
      inspector((e: InspectionEvent) =>
        seen.push(JSON.stringify(e, (_k, v) => (typeof v === 'function' ? undefined : v))),
      ),
      debugLog((...a: unknown[]) => lines.push(JSON.stringify(a))),
    ],
  });
  for (const t of ['signedIn', 'signedOut', 'restrictionsUnavailable', 'restrictionsChanged'] as const)
    client.on(t, (e) => events.push(e));
  const everything = () => {
    const err = client.view.error as { body?: unknown } | null;
    return JSON.stringify({
      v: client.view,
      body: err?.body,
      s: sessionActorOf(client).getSnapshot(),
      seen,
      lines,
      events,
    });
  };
  return { bff, client, everything };
}

describe('review156: a token echoed by the BFF', () => {
  // (Keys of the secret-key list only; any other `*token` key: profile-token-inspector.defect.)
  it('in the profile re-read (access_token, user.token, userInfo.refresh_token; headers): nowhere', async () => {
    const now = Date.now();
    const { client, everything } = await watched((q, res) => {
      if (q.path.startsWith('/pam/session'))
        return send(res, 200, {
          status: 'signedIn',
          user: USER,
          userInfo: answeredUserInfo(),
          readAt: now - 3 * DAY,
          loginId: 'login-9',
          expiresAt: now + 3_600_000,
        });
      if (q.path.startsWith('/pam/auth/user-profile'))
        return send(
          res,
          200,
          {
            access_token: TOKEN,
            user: { ...USER, token: TOKEN },
            userInfo: answeredUserInfo({ refresh_token: TOKEN }),
          },
          H,
        );
      send(res, 404, {});
    });
    await client.ready;
    await until(() => client.view.restrictions?.status === 'current', 'read');
    expect(everything()).not.toContain('LEAKEDTOKEN');
  });

  it('user.api_token and a top-level session_token in the profile re-read: not in the inspector nor the debug log', async () => {
    const now = Date.now();
    const { client, everything } = await watched((q, res) => {
      if (q.path.startsWith('/pam/session'))
        return send(res, 200, {
          status: 'signedIn',
          user: USER,
          userInfo: answeredUserInfo(),
          readAt: now - 3 * DAY,
          loginId: 'login-9',
          expiresAt: now + 3_600_000,
        });
      if (q.path.startsWith('/pam/auth/user-profile'))
        return send(res, 200, {
          session_token: TOKEN,
          user: { ...USER, api_token: TOKEN },
          userInfo: answeredUserInfo(),
        });
      send(res, 404, {});
    });
    await client.ready;
    await until(() => client.view.restrictions?.status === 'current', 'read');
    expect(everything()).not.toContain('LEAKEDTOKEN');
  });

  for (const status of [401, 422, 500]) {
    it(`in a ${status} login answer's body (token keys, message) and headers, with the password echoed: nowhere`, async () => {
      const { client, everything } = await watched((q, res) => {
        if (q.path.startsWith('/pam/session')) return send(res, 200, SIGNED_OUT);
        send(
          res,
          status,
          {
            message: `password ${PASSWORD} rejected; access_token=${TOKEN}`,
            access_token: TOKEN,
            errors: { token: [TOKEN] },
          },
          H,
        );
      });
      await client.ready;
      client.login({ login: 'player@example.com', password: PASSWORD });
      await until(() => client.view.status === 'failed', 'failed');
      await turns(20);
      expect(everything()).not.toContain('LEAKEDTOKEN');
      expect(everything()).not.toContain(PASSWORD);
    });
  }

  it('a two-factor challenge carrying a token: refused (invalid_response), never a code step on it', async () => {
    const { client, everything } = await watched((q, res) => {
      if (q.path.startsWith('/pam/session')) return send(res, 200, SIGNED_OUT);
      send(res, 200, { type: 'two_factor_code', user: { ...USER, token: TOKEN } });
    });
    await client.ready;
    client.login({ login: 'player@example.com', password: PASSWORD });
    await until(() => client.view.status === 'failed', 'failed');
    expect(client.view.error?.code).toBe('invalid_response');
    expect(everything()).not.toContain('LEAKEDTOKEN');
  });
});

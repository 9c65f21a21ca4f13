// Review 156 (1): a token under a `*token` key that is not on the secret-key list (`remember_token`,
// Laravel's "remember me" credential; `api_token`) in the profile re-read's answer. The view and the
// snapshot drop it (the flow reads the profile with its schema), but the read's raw answer reaches
// the inspector and the debug log, whose redaction (`redactInspection`) hides only SECRET_KEYS
// (src/secrets/secret.ts). The server-session client's own rule for "may carry a token" is any key
// ending in `token` (seed.ts `carriesToken`, the proxy's `stripTokens`): a login answer or seed with
// such a key is refused; a profile answer with one is not, and its userInfo (a loose object, extra
// keys kept) is handed to the diagnostics as is. (`user.api_token` and a top-level one are dropped:
// token-echo.holds.)

import { describe, expect, it } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { debugLog, inspector } from '../../machines/index';
import { answeredUserInfo } from '../support/answered-user-info';
import { until } from '../support/event-loop';
import { send, USER, useBff, useClients } from './bff';

const bffOf = useBff();
const clientOf = useClients();
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.LEAKEDTOKEN0123456789';
const DAY = 86_400_000;

describe('review156: a *token key in the profile re-read', () => {
  for (const [label, answer] of [
    ['userInfo.remember_token', { user: USER, userInfo: answeredUserInfo({ remember_token: TOKEN }) }],
    ['userInfo.api_token', { user: USER, userInfo: answeredUserInfo({ api_token: TOKEN }) }],
  ] as const) {
    it(`${label}: never reaches the inspector nor the debug log`, async () => {
      const bff = await bffOf();
      const now = Date.now();
      bff.handler = (q, res) => {
        if (q.path.startsWith('/pam/session'))
          return send(res, 200, {
            status: 'signedIn',
            user: USER,
            userInfo: answeredUserInfo(),
            readAt: now - 3 * DAY,
            loginId: 'login-9',
            expiresAt: now + 3_600_000,
          });
        if (q.path.startsWith('/pam/auth/user-profile')) return send(res, 200, answer);
        send(res, 404, {});
      };
      const inspected: string[] = [];
      const logged: string[] = [];
      const { client } = clientOf(bff.url, {
        flows: [
          inspector((e: InspectionEvent) =>
            inspected.push(JSON.stringify(e, (_k, v) => (typeof v === 'function' ? undefined : v))),
          ),
          debugLog((...a: unknown[]) => logged.push(JSON.stringify(a))),
        ],
      });
      await client.ready;
      await until(() => bff.seen.some((s) => s.path.includes('user-profile')), 'the profile read');
      await until(() => client.view.restrictions?.status === 'current', 'read');
      expect(JSON.stringify(client.view)).not.toContain(TOKEN);
      expect(inspected.filter((e) => e.includes(TOKEN)).length).toBe(0);
      expect(logged.filter((l) => l.includes(TOKEN)).length).toBe(0);
    });
  }
});

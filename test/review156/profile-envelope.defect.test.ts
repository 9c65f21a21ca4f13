// Review 156 (2): the restrictions' re-read (GET <prefix>/auth/user-profile) answered 200 in an
// error envelope. The write-envelope rule (reviews 124, 146, 153: `success` not true, JSend
// `fail`/`error`, a non-empty `error`) reads writes and a few checked reads, not the profile read:
// an answer saying it failed is taken as a current read, and a stale seed turns free to bet.

import { describe, expect, it } from 'vitest';
import { answeredUserInfo } from '../support/answered-user-info';
import { turns, until } from '../support/event-loop';
import { send, USER, useBff, useClients } from './bff';

const bffOf = useBff();
const clientOf = useClients();
const DAY = 86_400_000;

describe('review156: a profile read in an error envelope', () => {
  for (const [label, envelope] of [
    ['success: false', { success: false, message: 'Erro ao carregar o perfil' }],
    ["JSend status 'error'", { status: 'error', message: 'upstream failed' }],
    ['a non-empty error', { error: 'profile service unavailable' }],
  ] as const) {
    it(`${label}: never current nor free to bet on it`, async () => {
      const bff = await bffOf();
      const now = Date.now();
      bff.handler = (q, res) => {
        // A seed read days ago: stale, so the profile is read at once.
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
          return send(res, 200, { ...envelope, user: USER, userInfo: answeredUserInfo() });
        send(res, 404, {});
      };
      const { client } = clientOf(bff.url);
      const free: boolean[] = [];
      client.subscribe((v) => free.push(v.restrictions?.canBet === true));
      await client.ready;
      await until(() => bff.seen.some((s) => s.path.includes('user-profile')), 'the profile read');
      await turns(100);
      expect(client.view.status).toBe('signedIn');
      expect(client.view.restrictions?.status).not.toBe('current');
      expect(free.filter(Boolean)).toEqual([]);
    });
  }
});

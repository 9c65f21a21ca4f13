// Review 124, probe 7 (DEFECT): an account write answered 2xx with an explicit refusal,
// `{ "success": false, "message": ... }`, resolves as if applied. The reference server answers every
// such write `{ success: true, message }` (src/testing/http.ts `success`), and the client already
// reads `success: false` as "no" where it reads the answer (checkPassword). A marketing opt-out, an
// LGPD contract acceptance, turning two-factor off or a password change the back end says it did
// NOT save is shown as done: the player believes they opted out (LGPD) while the server keeps the
// consent. Fail closed: a refused or unreadable write must not resolve.
import { afterEach, describe, expect, it } from 'vitest';
import { createOfetchAdapter, createUserModule, type UserModule } from '../../src/index';
import { useReferenceServer } from '../support/server';
import { hostileProxy } from './hostile-proxy';

const ctx = useReferenceServer();
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

const REFUSED = JSON.stringify({ success: false, message: 'Could not save your preference.' });

const WRITES: [string, string, (u: UserModule, id: number, pw: string) => Promise<unknown>][] = [
  ['updateMarketing opt-out', '/bff/users/self-mkt', (u) => u.updateMarketing({ mkt_accepted: false })],
  ['updateContracts lgpd', '/bff/users/self-contracts', (u) => u.updateContracts('lgpd')],
  [
    'toggleTwoFactor off',
    '/bff/users/self-two-factor',
    (u) => u.toggleTwoFactor({ type: 'sms', enabled: false }),
  ],
  [
    'changePassword',
    '/users/change-password/',
    (u, id, pw) =>
      u.changePassword(id, { old_password: pw, password: 'N3w-pass!x', password_confirmation: 'N3w-pass!x' }),
  ],
];

describe('review 124: a 2xx `success: false` to an account write resolves as applied', () => {
  it.each(WRITES)('%s answered 200 { success: false } does not resolve', async (_n, path, write) => {
    const proxy = await hostileProxy(
      () => ctx.server.url,
      (m, p) => (m !== 'GET' && p.startsWith(path) ? { status: 200, body: REFUSED } : undefined),
    );
    closers.push(proxy.close);
    const { id, password } = ctx.server.seed.plain;
    const token = ctx.server.issueToken(id);
    const user = createUserModule(createOfetchAdapter({ baseURL: proxy.url, getAccessToken: () => token }));
    const outcome = await write(user, id, password).then(
      () => 'resolved',
      (e: { code?: string }) => e.code,
    );
    expect(proxy.hits.filter((h) => h.path.startsWith(path))).toHaveLength(1);
    expect(outcome).not.toBe('resolved');
  });
});

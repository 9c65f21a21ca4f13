// Review 124, probe 8 (held): a consent write (marketing, contract) answered 2xx with a body that
// cannot be read (not JSON, cut off, an HTML page) is `invalid_response`, never resolved; through
// createPamClient it is an unknown outcome: never resent, the account re-read
// (`mutationOutcomeUnknown` with the profile), the session signed in.
import { afterEach, describe, expect, it } from 'vitest';
import { createPamClient } from '../../machines/index';
import { createOfetchAdapter, createUserModule } from '../../src/index';
import { usePamClients } from '../support/clients';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';
import { hostileProxy } from './hostile-proxy';

const ctx = useReferenceServer();
const { keep, signIn } = usePamClients(ctx);
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

const BODIES: [string, string, string][] = [
  ['plain text', 'OK', 'text/plain'],
  ['cut-off JSON', '{"success":true,"mess', 'application/json'],
  ['an HTML page', '<!doctype html><p>Saved!</p>', 'text/html'],
];

describe('review 124: an unreadable answer to a consent write is never success (held)', () => {
  it.each(BODIES)('updateMarketing answered 200 %s', async (_n, body, type) => {
    const proxy = await hostileProxy(
      () => ctx.server.url,
      (m, p) =>
        m === 'PATCH' && p === '/bff/users/self-mkt'
          ? { status: 200, body, headers: { 'content-type': type } }
          : undefined,
    );
    closers.push(proxy.close);
    const token = ctx.server.issueToken(ctx.server.seed.plain.id);
    const user = createUserModule(createOfetchAdapter({ baseURL: proxy.url, getAccessToken: () => token }));
    const code = await user.updateMarketing({ mkt_accepted: false }).then(
      () => 'resolved',
      (e: { code?: string }) => e.code,
    );
    expect(code).toBe('invalid_response');
  });

  it('createPamClient: updateContracts answered 200 HTML -> invalid_response, re-read, not resent', async () => {
    const proxy = await hostileProxy(
      () => ctx.server.url,
      (m, p) =>
        m === 'PATCH' && p === '/bff/users/self-contracts'
          ? { status: 200, body: '<p>ok</p>', headers: { 'content-type': 'text/html' } }
          : undefined,
    );
    closers.push(proxy.close);
    const c = keep(createPamClient({ baseURL: proxy.url, timeout: 10_000, environment: { channel: null } }));
    await signIn(c);
    const outcome: { operation: string; profile: unknown }[] = [];
    c.on('mutationOutcomeUnknown', (e) => outcome.push(e));
    const code = await c.user.updateContracts('lgpd').then(
      () => 'resolved',
      (e: { code?: string }) => e.code,
    );
    expect(code).toBe('invalid_response');
    await until(() => outcome.length === 1, 'the re-read');
    expect(outcome[0]?.operation).toBe('updateContracts');
    expect(outcome[0]?.profile).not.toBeNull();
    expect(proxy.hits.filter((h) => h.path === '/bff/users/self-contracts')).toHaveLength(1);
    expect(c.view.status).toBe('signedIn');
  });
});

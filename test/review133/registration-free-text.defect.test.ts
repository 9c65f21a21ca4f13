// Review 133 (LOW, defect): registration's free-text fields have no bound and no character rule.
// `affiliation_code` of 100 kB, with CR LF, a NUL, or blank is SENT by registerSimplified (and so by
// `client.register`), while updateProfile refuses the same value for the same field (review 124:
// "affiliation_code is contact text (1-255 visible characters, no control character: a 1 MB or
// line-broken code was sent)"); `app_source` and `nationalities` of 100 kB are sent too (common.ts:
// "every other text has its bound"). Expected: `invalid_request`, nothing sent.
import { describe, expect, it } from 'vitest';
import { createPamClient } from '../../machines/index';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';
import { modsOf, PW, verdict } from './support';

const ctx = useReferenceServer();
const form = (extra: object) => ({
  email: 'new.player@example.com',
  password: PW,
  country: 'BR',
  nationalities: '["BR"]',
  optIn: true,
  ...extra,
});

describe('review 133: registerSimplified sends unbounded, line-broken free text (defect)', () => {
  it.each([
    ['affiliation_code of 100 kB', { affiliation_code: 'a'.repeat(100_000) }],
    ['affiliation_code with CR LF', { affiliation_code: 'PROMO\r\nX-Injected: 1' }],
    ['affiliation_code with a NUL', { affiliation_code: 'PROMO\u0000' }],
    ['affiliation_code blank', { affiliation_code: '   ' }],
    ['app_source of 100 kB', { app_source: 'x'.repeat(100_000) }],
    ['app_source with a bidi override', { app_source: 'web\u202eevil' }],
    ['nationalities of 100 kB', { nationalities: JSON.stringify(['B'.repeat(100_000)]) }],
  ])('%s: invalid_request, nothing sent', async (_n, extra) => {
    const { reg } = modsOf(ctx);
    expect(await verdict(ctx, () => reg.registerSimplified(form(extra) as never))).toBe('invalid_request/0');
  });

  it('client.register with a line-broken affiliation_code: refused, nothing sent', async () => {
    const c = createPamClient({ baseURL: ctx.server.url, environment: { channel: null } });
    try {
      const before = ctx.server.requests.length;
      c.register(form({ affiliation_code: 'PROMO\r\nX' }) as never);
      await until(() => c.view.status === 'failed' || c.view.status === 'signedIn', 'settled');
      expect([c.view.status, c.view.error?.code, ctx.server.requests.length - before]).toEqual([
        'failed',
        'invalid_request',
        0,
      ]);
    } finally {
      c.stop();
    }
  });
});

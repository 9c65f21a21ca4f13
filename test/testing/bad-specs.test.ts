// pam-client/testing refuses what it cannot honour (REVIEW-O 17): a fault spec or an option a
// test author mistyped throws at once, naming the field, instead of turning every later request
// into a 500 (or a raw TypeError deep inside a request).
import { createReferenceFetch, SEED_ACCOUNTS, startReferenceServer } from 'pam-client/testing';
import { describe, expect, it } from 'vitest';

const YEARS = '/income-report/available-years';

const BAD_FAULTS: [string, unknown][] = [
  ['path', {}],
  ['path', { path: 5 }],
  ['path', { path: 'no-slash' }],
  ['method', { path: YEARS, method: 'GE T' }],
  ['status', { path: YEARS, status: 99 }],
  ['status', { path: YEARS, status: 1000 }],
  ['status', { path: YEARS, status: 500.5 }],
  ['status', { path: YEARS, status: '503' }],
  ['times', { path: YEARS, status: 503, times: 0 }],
  ['times', { path: YEARS, status: 503, times: 1.5 }],
  ['delayMs', { path: YEARS, delayMs: -1 }],
  ['delayMs', { path: YEARS, delayMs: Number.NaN }],
  ['headers', { path: YEARS, status: 503, headers: { 'retry-after': '5\r\nX-Evil: 1' } }],
  ['headers', { path: YEARS, status: 503, headers: { 'bad name': '1' } }],
  ['headers', { path: YEARS, status: 503, headers: { a: 5 } }],
  ['contentType', { path: YEARS, status: 503, contentType: 'text/plain\r\nX: 1' }],
  ['body', { path: YEARS, status: 503, body: 10n }],
  ['hang', { path: YEARS, hang: 'yes' }],
  ['drop', { path: YEARS, drop: 1 }],
  ['fault', null],
  ['fault', 'x'],
];

describe('reference server: specs it cannot honour', () => {
  it('faults.add throws a TypeError naming the field, and later requests are answered as before', async () => {
    const kit = createReferenceFetch();
    const token = kit.issueToken(SEED_ACCOUNTS.plain.id);
    for (const [field, spec] of BAD_FAULTS) {
      expect(
        () => kit.faults.add(spec as never),
        JSON.stringify(spec, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v)),
      ).toThrow(new RegExp(`\\b${field}\\b`));
      expect(() => kit.faults.add(spec as never)).toThrow(TypeError);
    }
    const res = await kit(`http://pam.test${YEARS}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
  });

  it('refuses options it cannot honour, naming them', async () => {
    const bad: [string, object][] = [
      ['now', { now: 5 }],
      ['tokenTtlSeconds', { tokenTtlSeconds: -5 }],
      ['tokenTtlSeconds', { tokenTtlSeconds: Number.POSITIVE_INFINITY }],
      ['reportStepMs', { reportStepMs: -1 }],
    ];
    for (const [field, options] of bad) {
      expect(() => createReferenceFetch(options as never)).toThrow(new RegExp(`\\b${field}\\b`));
      await expect(startReferenceServer(options as never)).rejects.toThrow(new RegExp(`\\b${field}\\b`));
    }
    await expect(startReferenceServer({ port: 'x' as never })).rejects.toThrow(/\bport\b/);
    await expect(startReferenceServer({ port: 70000 })).rejects.toThrow(/\bport\b/);
  });

  it('setSpaBarred refuses what is no CPF', () => {
    const kit = createReferenceFetch();
    expect(() => kit.setSpaBarred('bad')).toThrow(/CPF/);
    expect(() => kit.setSpaBarred(5 as never)).toThrow(/CPF/);
  });
});

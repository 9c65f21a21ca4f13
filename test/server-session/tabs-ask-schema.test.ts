import { describe, expect, it } from 'vitest';
import { parseServerTabMessage } from '../../machines/server-session/tabs';

// The server-session tabs' AJ-2 additions to their schema: `ask` (no login id), and an `inflight`
// told to a tab that asked, with what is left of it (`ms`) and whose change it is (`by`). Hostile
// values refuse the message, never half-read.

const env = { app: 'pam-client', mode: 'server-session', v: 1, from: 't1' };
const inflight = { ...env, type: 'inflight', loginId: 'L1', kind: 'pause', id: 'c1', settled: false };

describe('server-session tabs: ask and a told change in flight', () => {
  it('ask: the envelope only', () => {
    expect(parseServerTabMessage({ ...env, type: 'ask', loginId: 'x'.repeat(999) })).toStrictEqual({
      type: 'ask',
      from: 't1',
    });
    expect(parseServerTabMessage({ ...env, type: 'ask', from: '' })).toBeNull();
  });

  it('inflight with ms and by: read; without: as before', () => {
    expect(parseServerTabMessage({ ...inflight, ms: 30_000, by: 't0' })).toStrictEqual({
      type: 'inflight',
      loginId: 'L1',
      kind: 'pause',
      id: 'c1',
      settled: false,
      from: 't1',
      ms: 30_000,
      by: 't0',
    });
    expect(parseServerTabMessage(inflight)).toStrictEqual({
      type: 'inflight',
      loginId: 'L1',
      kind: 'pause',
      id: 'c1',
      settled: false,
      from: 't1',
    });
  });

  it.each([
    ['ms not a number', { ms: '1' }],
    ['ms NaN', { ms: Number.NaN }],
    ['ms past any time', { ms: 9e15 }],
    // (REVIEW-25 R25-9: a lapse already past would end the teller's bar here.)
    ['ms negative', { ms: -1 }],
    ['by empty', { by: '' }],
    ['by too long', { by: 'x'.repeat(129) }],
    ['by an object', { by: { toString: (): string => 't0' } }],
  ])('refused: %s', (_why, bad) => {
    expect(parseServerTabMessage({ ...inflight, ...bad })).toBeNull();
  });
});

// R28: the fold told to a tab that asked, `folded`: the rest of its lapse only (no login, no id);
// hostile values refuse it.
describe('server-session tabs: a told fold', () => {
  it('folded with ms: read (its other fields dropped)', () => {
    expect(
      parseServerTabMessage({ ...env, type: 'folded', ms: 30_000, loginId: 'L1', id: 'x', until: 1 / 0 }),
    ).toStrictEqual({ type: 'folded', ms: 30_000, from: 't1' });
  });

  it.each([
    ['no ms', {}],
    ['ms a string', { ms: '1' }],
    ['ms NaN', { ms: Number.NaN }],
    ['ms Infinity', { ms: 1 / 0 }],
    ['ms past any time', { ms: 9e15 }],
    ['ms negative', { ms: -1 }],
  ])('refused: %s', (_why, bad) => {
    expect(parseServerTabMessage({ ...env, type: 'folded', ...bad })).toBeNull();
  });
});

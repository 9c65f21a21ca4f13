import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMessage } from '../../machines/cross-tab-schema';

// REVIEW-AJ AJ-2: a sync answer carries the sender's changes in flight (`inflight`: kind, id, and
// the rest of its lapse in ms). The channel's one schema takes a bounded array of checked entries
// (a clean copy: nothing else of an entry crosses) and refuses the whole message for anything
// else, as it does for a malformed kept record.

const answer = (inflight: unknown) => ({
  app: 'pam-client',
  v: 1,
  from: 'tab-a',
  type: 'session',
  reason: 'sync',
  session: {
    accessToken: 'tok',
    tokenType: 'Bearer',
    expiresAt: null,
    savedAt: 1,
    userId: 1,
    seq: 3,
    sid: 7,
  },
  user: null,
  inflight,
});
const entry = { kind: 'pause', id: 'x1', ms: 40_000 };

describe('parseMessage: the changes in flight of a sync answer', () => {
  it('takes up to 8 checked entries, each a clean copy', () => {
    const m = parseMessage(
      answer([
        { ...entry, until: 9e15, heard: true },
        { ...entry, kind: 'selfExclusion', id: 'y', ms: 0 },
      ]),
    );
    expect(m).toMatchObject({ type: 'session' });
    expect((m as { inflight?: unknown }).inflight).toEqual([
      entry,
      { kind: 'selfExclusion', id: 'y', ms: 0 },
    ]);
    expect(
      'refused' in parseMessage(answer(Array.from({ length: 8 }, (_, i) => ({ ...entry, id: `i${i}` })))),
    ).toBe(false);
    // One heard from another tab names that tab.
    expect((parseMessage(answer([{ ...entry, from: 'tab-z' }])) as { inflight?: unknown }).inflight).toEqual([
      { ...entry, from: 'tab-z' },
    ]);
    const none = parseMessage(answer(undefined));
    expect(none).toMatchObject({ type: 'session' });
    expect('inflight' in none).toBe(false);
  });

  it('refuses the message for more than 8, or any entry malformed', () => {
    const bad: unknown[] = [
      Array.from({ length: 9 }, (_, i) => ({ ...entry, id: `i${i}` })),
      {},
      'pause',
      [null],
      [{ ...entry, kind: 'limits' }],
      [{ ...entry, id: '' }],
      [{ ...entry, id: 'x'.repeat(129) }],
      [{ ...entry, id: 7 }],
      [{ ...entry, ms: -1 }],
      [{ ...entry, ms: 1.5 }],
      [{ ...entry, ms: Number.NaN }],
      [{ ...entry, ms: Number.POSITIVE_INFINITY }],
      [{ ...entry, ms: 2 ** 53 }],
      [{ ...entry, ms: '40000' }],
      [entry, { ...entry, ms: null }],
      [{ ...entry, from: '' }],
      [{ ...entry, from: 3 }],
      [{ ...entry, from: 'x'.repeat(129) }],
    ];
    for (const inflight of bad)
      expect(parseMessage(answer(inflight))).toHaveProperty('refused', 'bad session');
  });

  it('over generated values: taken only as well-formed entries, never half-read', () => {
    const value = fc.oneof(
      fc.anything(),
      fc.constantFrom('pause', 'selfExclusion'),
      fc.integer(),
      fc.string(),
    );
    const raw = fc.array(fc.record({ kind: value, id: value, ms: value }, { requiredKeys: [] }), {
      maxLength: 10,
    });
    fc.assert(
      fc.property(raw, (inflight) => {
        const m = parseMessage(answer(inflight));
        const ok =
          inflight.length <= 8 &&
          inflight.every(
            (e) =>
              (e.kind === 'pause' || e.kind === 'selfExclusion') &&
              typeof e.id === 'string' &&
              e.id.length > 0 &&
              e.id.length <= 128 &&
              Number.isSafeInteger(e.ms) &&
              (e.ms as number) >= 0,
          );
        expect('refused' in m).toBe(!ok);
        expect((m as { inflight?: unknown }).inflight ?? null).toEqual(
          ok ? inflight.map(({ kind, id, ms }) => ({ kind, id, ms })) : null,
        );
      }),
      { numRuns: 300 },
    );
  });
});

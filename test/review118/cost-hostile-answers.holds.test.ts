// Review 118: cost attacks on hostile answers, bounded by the test's timeout (30 s: a hang detector,
// never a timed assertion; 5 s timed out once on a loaded machine, 6.6 s beside three other
// suites) and checked by the result. The inputs are sized so that quadratic or backtracking work
// would take far longer than the bound (minutes).
import { describe, expect, it } from 'vitest';
import { createScrubber } from '../../src/errors/scrub';
import { EMAIL, PHONE_TEXT } from '../../src/schemas/common';
import { readNumber, UNREADABLE } from '../../src/schemas/read-scalar';
import { redactSecrets } from '../../src/secrets/redact';
import { GrantScan } from '../../src/server/grant-scan';
import { droppedTokensOf, scrubTokens } from '../../src/server/strip';

const T = { timeout: 30_000 };
const SESSION = 'SESSIONtoken-abcdefghijklmnop0123';

describe('review 118 (probes): the proxy hunt on a 1 MB answer', () => {
  it('64 dropped values, a 1 MB answer of 20,000 strings each echoing one: every echo redacted', T, () => {
    const values = Array.from(
      { length: 64 },
      (_, i) => `dropped-${String(i).padStart(2, '0')}-${'q'.repeat(900)}`,
    );
    const answer: Record<string, unknown> = { devices: values.map((v) => ({ push_token: v })) };
    const rows: string[] = [];
    for (let i = 0; i < 20_000; i++) rows.push(`row ${i} ${i % 7 === 0 ? values[i % 64] : 'x'.repeat(40)}`);
    answer.rows = rows;
    const dropped = droppedTokensOf(answer);
    expect(dropped.size).toBe(64);
    const out = JSON.stringify(scrubTokens(answer, [SESSION], createScrubber, dropped));
    for (const v of values) expect(out).not.toContain(v);
    expect(out.split('[redacted]').length - 1).toBe(Math.ceil(20_000 / 7));
  });

  it(
    '64 dropped values of 1,024 near-misses each, against one 1 MB string of near-misses: untouched',
    T,
    () => {
      // Each value is 'a'*1023 + its own letter: a naive search would compare ~1,000 characters at
      // each of the 1 M positions, for each of the 64 values (6.4e10 steps).
      const letters = 'bcdefghijklmnopqrstuvwxyzBCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_#$';
      const values = [...letters.slice(0, 64)].map((c) => `${'a'.repeat(1_023)}${c}`);
      const answer = { k: values.map((v) => ({ id_token: v })), text: `${'a'.repeat(1_000_000)}!` };
      const dropped = droppedTokensOf(answer);
      expect(dropped.size).toBe(64);
      const out = scrubTokens(answer, [SESSION], createScrubber, dropped) as { text: string };
      expect(out.text.length).toBe(1_000_001);
    },
  );

  it('65 dropped values are refused (the bound holds), not hunted', T, () => {
    const answer = { k: Array.from({ length: 65 }, (_, i) => ({ x_token: `value-${i}-${'z'.repeat(20)}` })) };
    expect(() => droppedTokensOf(answer)).toThrow('Too many token values to hunt.');
  });
});

describe('review 118 (probes): GrantScan on a huge unreadable 2xx', () => {
  it('8 MB of depth-1 keys of 1 MB each, then the token: found, in pieces of any size', T, () => {
    const scan = new GrantScan();
    const key = `"${'k'.repeat(1_000_000)}":1,`;
    scan.feed('{');
    for (let i = 0; i < 8; i++) scan.feed(key);
    scan.feed('"access_token":"GRANTED-abcdefghijklmnop",');
    scan.feed(`"x":"${'\\\\'.repeat(500_000)}"}`);
    expect(scan.granted).toEqual(['GRANTED-abcdefghijklmnop']);
  });

  it('a 4 MB string at depth 1 is not kept whole (bounded heap), and the scan goes on', T, () => {
    const scan = new GrantScan();
    scan.feed(`{"access_token":"${'t'.repeat(4_000_000)}","access_token":"SECOND-abcdefghijklmnop"}`);
    expect(scan.granted).toEqual(['SECOND-abcdefghijklmnop']);
  });
});

describe('review 118 (probes): the scrubber and redactSecrets on deep and wide JSON', () => {
  it('a 10,000-deep body: redactSecrets finds the password at the bottom (no stack overflow)', T, () => {
    let deep: Record<string, unknown> = { password: 'hunter22' };
    for (let i = 0; i < 10_000; i++) deep = { a: deep };
    let node = redactSecrets(deep) as Record<string, unknown>;
    for (let i = 0; i < 10_000; i++) node = node.a as Record<string, unknown>;
    expect(node.password).toBe('[redacted]');
  });

  it(
    'a 1 MiB error body of 60,000 keys (the adapter cap): the scrubber redacts each echo (linear)',
    T,
    () => {
      const s = createScrubber(['hunter2-secret'], true);
      const wide: Record<string, string> = {};
      for (let i = 0; i < 60_000; i++) wide[`k${i}`] = i % 1000 === 0 ? 'x hunter2-secret y' : `value ${i}`;
      const out = s.deep(wide, undefined, false);
      expect(JSON.stringify(out)).not.toContain('hunter2-secret');
    },
  );

  it('the scrubber on 1 MB of near-echoes of a 40-character token (cut-echo parts on)', T, () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjF9.sig-xyz';
    const s = createScrubber([token], true);
    const near = `${token.slice(0, 11)}#`.repeat(80_000);
    const out = s.text(near);
    // Each piece is an 11-character run of the token: fewer than the 12 a cut echo needs.
    expect(out).toBe(near);
  });
});

describe('review 118 (probes): regexes against pathological input', () => {
  it('the e-mail pattern on 100 k characters shaped to backtrack: refused', T, () => {
    expect(EMAIL.test(`${'a.'.repeat(50_000)}@`)).toBe(false);
    expect(EMAIL.test(`a@${'a-'.repeat(50_000)}.1`)).toBe(false);
    expect(EMAIL.test(`a@${'a.'.repeat(50_000)}1`)).toBe(false);
    expect(EMAIL.test(`${"'".repeat(100_000)}`)).toBe(false);
  });

  it('the phone pattern on 100 k characters: refused', T, () => {
    expect(PHONE_TEXT.test(`${'1 '.repeat(50_000)}x`)).toBe(false);
    expect(PHONE_TEXT.test(`(${'1'.repeat(100_000)}`)).toBe(false);
  });

  it('readNumber on long decimals: unreadable, never slow', T, () => {
    for (let i = 0; i < 10_000; i++) expect(readNumber(`${'1'.repeat(63)}e`)).toBe(UNREADABLE);
  });
});

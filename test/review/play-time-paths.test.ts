// Play time in the review book (issue 31.5, its paths by issue 30): a path to every level of the
// alert, the 80 %-then-100 % scenario, and an app step for every user step of every path.

import { describe, expect, it } from 'vitest';
import { BOOK } from '../../scripts/review/book';
import { bookPaths } from '../../scripts/review/paths';

describe('play time in the book', () => {
  const entry = BOOK.find((b) => b.review.id === 'playTime');

  it('is one of the machines of the book', () => {
    expect(entry?.app.accountFor?.(bookPaths(entry.review)[0]!)).toBe('timeLimit');
  });

  it('reaches off, under, warning and reached; the scenario warns first, then reaches the limit', () => {
    if (!entry) throw new Error('play time is not in the book');
    const paths = bookPaths(entry.review);
    const leaves = new Set(paths.flatMap((p) => p.steps.flatMap((s) => s.leaves)));
    for (const leaf of ['off', 'on.level.under', 'on.level.warning', 'on.level.reached'])
      expect(leaves).toContain(leaf);
    const scenario = paths.find((p) => p.kind === 'scenario');
    expect(scenario?.steps.map((s) => s.leaves.find((l) => l.startsWith('on.level')) ?? s.leaves[0])).toEqual(
      ['off', 'on.level.under', 'on.level.warning', 'on.level.reached'],
    );
    for (const p of paths)
      for (const s of p.steps.filter((x) => x.kind === 'user'))
        expect(entry.app.act[s.name], s.name).toBeDefined();
  });
});

// Issue 19 items 3 and 4: coverage per state, checked by the build. Every state of every machine
// in the book has a real picture, a stand-in (which, why) or none (why); no gap.

import { describe, expect, it } from 'vitest';
import { BOOK } from '../../scripts/review/book';
import { coverageGaps, coverageOf } from '../../scripts/review/coverage';
import { bookPaths } from '../../scripts/review/paths';
import { DIAGRAM_MACHINES, describedGraph } from '../../tools/diagrams/generate';

const coverage = (id: string) => {
  const { review, app } = BOOK.find((b) => b.review.id === id)!;
  const doc = DIAGRAM_MACHINES.find((d) => d.machine.id === id)!;
  return coverageOf(describedGraph(doc), bookPaths(review), app);
};
const of = (id: string, state: string) => coverage(id).find((c) => c.state === state);

describe('coverage per state', () => {
  it.each(BOOK.map((b) => [b.review.id] as const))('%s: no state without a picture or a reason', (id) => {
    expect(coverageGaps(id, coverage(id))).toEqual([]);
  });

  it('reports a gap when a reachable state has neither', () => {
    const { review, app } = BOOK.find((b) => b.review.id === 'login')!;
    const doc = DIAGRAM_MACHINES.find((d) => d.machine.id === 'login')!;
    const noPaths = coverageOf(describedGraph(doc), bookPaths(review).slice(0, 1), { ...app, unreached: {} });
    expect(coverageGaps('login', noPaths).length).toBeGreaterThan(0);
  });

  it('registration through REGISTER reaches the session and login `registering` states', () => {
    expect(of('session', 'signingIn.registering')?.kind).toBe('real');
    expect(of('login', 'registering')?.kind).toBe('real');
  });

  it('the report poll paused by the page environment is pictured', () => {
    expect(of('incomeReport', 'polling.paused')?.kind).toBe('real');
  });

  it('the step-up prompt and the registration submit are real pictures, not stand-ins', () => {
    for (const state of ['passwordRequired', 'confirming', 'done', 'cancelled'])
      expect(of('stepUp', state)?.kind, state).toBe('real');
    expect(of('registration', 'submitted')?.kind).toBe('real');
  });
});

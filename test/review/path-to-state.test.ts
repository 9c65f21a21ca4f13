// The visualizer's deep links reuse the book's path finder: the shortest path to a state, replayed
// on the machine's definition, ends in that state.

import { describe, expect, it } from 'vitest';
import { bookPaths, pathToState, replaySteps } from '../../scripts/review/paths';
import { loginReview, sessionReview } from '../../scripts/review/review-machines';

describe('pathToState and replaySteps', () => {
  it('finds the book path to the login twoFactorRequired state and replays it there', () => {
    const path = pathToState(loginReview, 'twoFactorRequired');
    expect(path?.kind).toBe('shortest');
    expect(bookPaths(loginReview).some((p) => p.slug === path?.slug)).toBe(true);
    const { snapshot, steps } = replaySteps(
      loginReview,
      path!.steps.slice(1).map((s) => s.name),
      false,
    );
    expect(snapshot.value).toBe('twoFactorRequired');
    expect(steps.map((s) => s.leaves)).toEqual(path!.steps.map((s) => s.leaves));
  });

  it('reaches a nested state of the session, and nothing for an unknown state', () => {
    const path = pathToState(sessionReview, 'signingIn.twoFactorRequired');
    expect(path?.steps.at(-1)?.states).toContain('signingIn.twoFactorRequired');
    const { snapshot } = replaySteps(
      sessionReview,
      path!.steps.slice(1).map((s) => s.name),
      false,
    );
    expect(snapshot.matches({ signingIn: 'twoFactorRequired' })).toBe(true);
    expect(pathToState(sessionReview, 'nowhere')).toBeUndefined();
  });

  it('names the step a replay cannot take', () => {
    expect(() => replaySteps(loginReview, ['SUBMIT_CODE (the 2FA code)'])).toThrow(/not possible in "idle"/);
  });
});

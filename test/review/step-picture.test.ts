// Issue 31 item 2: the session's REGISTER step showed the login form with its button busy (the
// step enters signingIn.submitting, whose picture is the login form); its picture is the
// registration form being sent.

import { describe, expect, it } from 'vitest';
import { pictureOf } from '../../scripts/review/app-driver';
import { BOOK } from '../../scripts/review/book';
import { bookPaths } from '../../scripts/review/paths';

const entry = (id: string) => BOOK.find((b) => b.review.id === id)!;

describe('the picture of a step', () => {
  it("the session's REGISTER step pictures the registration form, not the login form", () => {
    const { review, app } = entry('session');
    const steps = bookPaths(review).flatMap((p) => p.steps.filter((s) => s.event?.type === 'REGISTER'));
    expect(steps.length).toBeGreaterThan(0);
    for (const step of steps) {
      expect(step.leaves).toContain('signingIn.submitting');
      expect(pictureOf(app, step).focus).toBe('register');
    }
  });

  it("a step without its own picture is its state's picture", () => {
    const { review, app } = entry('session');
    const login = bookPaths(review)
      .flatMap((p) => p.steps)
      .find((s) => s.event?.type === 'LOGIN')!;
    expect(pictureOf(app, login).focus).toBe('login-screen');
    expect(pictureOf(app, login).waits.map((w) => w.what)).toEqual(login.leaves);
  });
});

// Issue 19 item 1: every picture is filed by its whole path, and a step's DOM text is checked
// against the path's test account and the scenario's message.

import { describe, expect, it } from 'vitest';
import { BOOK } from '../../scripts/review/book';
import { bookPaths } from '../../scripts/review/paths';
import { pictureFile } from '../../scripts/review/pictures';
import { accountOf, stepProblems } from '../../scripts/review/step-truth';

const entry = (id: string) => BOOK.find((b) => b.review.id === id)!;
const pathOf = (id: string, title: string) => bookPaths(entry(id).review).find((p) => p.title === title)!;

describe('pictures filed by the whole path', () => {
  it.each(BOOK.map((b) => [b.review.id, b] as const))('%s: no two paths share a picture file', (_, b) => {
    const files = new Map<string, string>();
    for (const path of bookPaths(b.review)) {
      path.steps.forEach((_, i) => {
        const file = pictureFile(path, i);
        expect(
          files.get(file),
          `${path.slug} step ${i} and ${files.get(file)} share ${file}`,
        ).toBeUndefined();
        files.set(file, `${path.slug} step ${i}`);
      });
    }
    expect(files.size).toBe(bookPaths(b.review).reduce((n, p) => n + p.steps.length, 0));
  });

  it('the 2FA success path and the cancelled-account path do not share step 1 (login and session)', () => {
    for (const id of ['login', 'session']) {
      const success = pathOf(id, '2FA success');
      const cancelled = pathOf(id, 'Cancelled account');
      expect(success.steps[1]!.name).toBe(cancelled.steps[1]!.name);
      const step = id === 'session' ? 2 : 1;
      expect(pictureFile(success, step)).not.toBe(pictureFile(cancelled, step));
    }
  });
});

describe('each path names its test account', () => {
  it('2FA paths use the 2FA account, cancelled paths the cancelled one, the rest the plain player', () => {
    for (const id of ['login', 'session']) {
      const app = entry(id).app;
      expect(accountOf(app, pathOf(id, '2FA success'))).toBe('twoFactor');
      expect(accountOf(app, pathOf(id, 'Cancelled account'))).toBe('cancelled');
      expect(accountOf(app, pathOf(id, 'Five rejected codes'))).toBe('twoFactor');
    }
    expect(accountOf(entry('session').app, pathOf('session', 'Session expiry'))).toBe('plain');
    expect(accountOf(entry('incomeReport').app, pathOf('incomeReport', 'Report completed'))).toBe('plain');
  });
});

describe('the DOM text of a step is checked against the path', () => {
  const success = pathOf('login', '2FA success');
  const app = entry('login').app;

  it("reports another account's e-mail on a step (the old shared picture)", () => {
    const problems = stepProblems(app, success, 1, `Log in\nE-mail or CPF: cancelled@example.com`);
    expect(problems.join('\n')).toMatch(/cancelled@example\.com/);
  });

  it("reports a step where the path's account should show and does not", () => {
    const problems = stepProblems(app, success, 1, 'Log in\nE-mail or CPF: \nPassword');
    expect(problems.join('\n')).toMatch(/twofactor@example\.com/);
  });

  it("accepts the path's own account", () => {
    expect(stepProblems(app, success, 1, `Log in\nE-mail or CPF: twofactor@example.com`)).toEqual([]);
  });

  it("reports a scenario's message that is not on the page (session expiry)", () => {
    const expiry = pathOf('session', 'Session expiry');
    const last = expiry.steps.length - 1;
    const sessionApp = entry('session').app;
    expect(stepProblems(sessionApp, expiry, last, 'Log in\nThe server took too long to answer.')).not.toEqual(
      [],
    );
    expect(stepProblems(sessionApp, expiry, last, 'Your session expired. Please log in again.')).toEqual([]);
  });
});

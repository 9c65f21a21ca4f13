// Issue 30.1: the book's pictures are checked for names and CPFs, not only e-mails, and the
// registration paths type a CPF of the new player's own (never an existing player's).

import { SEED_ACCOUNTS } from 'pam-client/testing';
import { describe, expect, it } from 'vitest';
import { BOOK } from '../../scripts/review/book';
import { bookPaths } from '../../scripts/review/paths';
import { identityProblems, SEED_IDENTITIES, stepProblems } from '../../scripts/review/step-truth';

const entry = (id: string) => {
  const found = BOOK.find((b) => b.review.id === id);
  if (!found) throw new Error(`no machine ${id} in the book`);
  return found;
};
const seedCpfs = new Set(Object.values(SEED_ACCOUNTS).map((a) => a.cpf));

describe('the step check compares names and CPFs per step (issue 30.1)', () => {
  const registration = entry('registration');
  const checked = bookPaths(registration.review).find((p) =>
    p.steps.some((s) => s.name === 'checkDocument: valid, with the name and birth date'),
  );
  if (!checked) throw new Error('no registration path with a valid document check');
  const at = checked.steps.findIndex((s) => s.name === 'checkDocument: valid, with the name and birth date');

  it("reports an existing player's CPF (formatted or digits) and her name on a new player's step", () => {
    const problems = stepProblems(
      registration.app,
      checked,
      at,
      "CPF: 529.982.247-25\nName: Ana Souza\nMother's name: Maria Souza",
    );
    expect(problems.join('\n')).toMatch(/plain's CPF 52998224725/);
    expect(problems.join('\n')).toMatch(/plain's name Ana Souza/);
    expect(problems.join('\n')).toMatch(/plain's name Maria Souza/);
    expect(stepProblems(registration.app, checked, at, 'CPF: 52998224725').join('\n')).toMatch(/CPF/);
  });

  it("accepts the new player's own CPF and name, and asks for them after the check", () => {
    expect(stepProblems(registration.app, checked, at, 'CPF: 135.792.468-28\nName: Beatriz Costa')).toEqual(
      [],
    );
    expect(stepProblems(registration.app, checked, at, 'CPF: 135.792.468-28\nName: ').join('\n')).toMatch(
      /Beatriz Costa/,
    );
  });

  it("accepts the path's own account's name and CPF (a signed-in picture)", () => {
    const login = entry('login');
    const path = bookPaths(login.review).find((p) => p.title === '2FA success');
    if (!path) throw new Error('no 2FA success path');
    const last = path.steps.length - 1;
    const text = 'Profile\nBruno Lima\ntwofactor@example.com\nCPF: 111.444.777-35';
    expect(stepProblems(login.app, path, last, text)).toEqual([]);
    expect(stepProblems(login.app, path, last, `${text}\nAna Souza`).join('\n')).toMatch(/Ana Souza/);
  });

  it('knows every seed account by e-mail, CPF and names', () => {
    for (const id of Object.values(SEED_IDENTITIES)) {
      expect(id.cpf).toMatch(/^\d{11}$/);
      expect(id.names.length).toBe(2);
    }
    expect(identityProblems('Carla Dias', [SEED_IDENTITIES.cancelled])).toEqual([]);
    expect(identityProblems('Carla Dias', [])).toEqual([
      "shows cancelled's name Carla Dias, not the path's (none)",
    ]);
  });

  it("types no seed account's CPF in any registration step of the book", () => {
    const typed = BOOK.flatMap((b) => b.review.userEvents)
      .map((u) => u.event as { number?: unknown; payload?: { number?: unknown } })
      .flatMap((e) => [e.number, e.payload?.number])
      .filter((n): n is string => typeof n === 'string')
      .map((n) => n.replace(/\D/g, ''));
    expect(typed.length).toBeGreaterThan(0);
    for (const cpf of typed) expect(seedCpfs.has(cpf), cpf).toBe(false);
  });
});

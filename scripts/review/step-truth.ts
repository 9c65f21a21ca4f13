// What each step's picture must show, checked on the DOM text the driver reads at that step
// (`runPath`): the path's own test account (never another one) and the scenario's message. A
// picture that shows another account or misses the message fails the build.

import { SEED_ACCOUNTS } from 'pam-client/testing';
import type { AppMachine } from './app-driver';
import type { BookPath } from './paths';

/** A seed account of the reference server, by its key (`plain`, `twoFactor`, …). */
export type AccountKey = keyof typeof SEED_ACCOUNTS;

/**
 * The test account a path uses (the app table decides from the whole path), or null.
 *
 * @example
 * accountOf(loginApp, twoFactorSuccess); // 'twoFactor'
 */
export function accountOf(table: AppMachine, path: BookPath): AccountKey | null {
  return table.accountFor?.(path) ?? null;
}

/** The account's e-mail, for the book's words ("uses twofactor@example.com"). */
export const accountEmail = (key: AccountKey | null): string | null =>
  key === null ? null : SEED_ACCOUNTS[key].email;

/**
 * What is wrong with the page text of step `index` of `path`: another seed account's e-mail on
 * screen; the path's account missing where the table says the page shows it; the message the
 * table expects at that step (`says['<step> -> <leaves>']`, else `says['<step>']`) missing.
 * Empty when the picture is true.
 *
 * @example
 * stepProblems(loginApp, path, 1, document.body.innerText); // []
 */
export function stepProblems(table: AppMachine, path: BookPath, index: number, text: string): string[] {
  const step = path.steps[index];
  if (!step) return [`no step ${index}`];
  const problems: string[] = [];
  const own = accountEmail(accountOf(table, path));
  const lower = text.toLowerCase();
  for (const account of Object.values(SEED_ACCOUNTS)) {
    if (account.email !== own && lower.includes(account.email.toLowerCase()))
      problems.push(`shows ${account.email}, not the path's account (${own ?? 'none'})`);
  }
  if (own && step.leaves.some((leaf) => table.accountShown?.includes(leaf)) && !lower.includes(own))
    problems.push(`does not show the path's account ${own} in ${step.leaves.join(', ')}`);
  const message = table.says?.[`${step.name} -> ${step.leaves.join(', ')}`] ?? table.says?.[step.name];
  if (message && !message.test(text)) problems.push(`does not say ${message} after "${step.name}"`);
  return problems;
}

// What each step's picture must show, checked on the DOM text the driver reads at that step
// (`runPath`): the path's own test account (never another one) and the scenario's message. A
// picture that shows another account's e-mail, CPF, holder's name or mother's name, or misses
// the message, fails the build. The same identity check runs on every picture of the
// responsible-gaming chapter (`identityProblems`).

import { SEED_ACCOUNTS } from 'pam-client/testing';
import { PEOPLE } from '../../src/testing/seed';
import type { AppMachine } from './app-driver';
import type { BookPath } from './paths';

/** A seed account of the reference server, by its key (`plain`, `twoFactor`, …). */
export type AccountKey = keyof typeof SEED_ACCOUNTS;

/** Who a picture may show: an e-mail, a CPF (digits), the holder's names (full name, mother's). */
export interface Identity {
  email?: string;
  cpf?: string;
  names?: string[];
}

/** Each seed account's identity: its e-mail, CPF and its holder's and mother's names. */
export const SEED_IDENTITIES: Readonly<Record<AccountKey, Required<Identity>>> = Object.freeze(
  Object.fromEntries(
    Object.entries(SEED_ACCOUNTS).map(([key, account]) => {
      const person = PEOPLE[account.id];
      const names = person ? [`${person.first_name} ${person.last_name}`, person.mother_name] : [];
      return [key, { email: account.email, cpf: account.cpf, names }];
    }),
  ) as Record<AccountKey, Required<Identity>>,
);

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

const digitsOf = (text: string) => text.replace(/(\d{3})\.(\d{3})\.(\d{3})-(\d{2})/g, '$1$2$3$4');

/**
 * What on the page text belongs to a seed account that `allowed` does not name: its e-mail, its
 * CPF (as digits or 000.000.000-00) or a name of its holder. Empty when the text shows no one else.
 *
 * @example
 * identityProblems('CPF: 529.982.247-25\nAna Souza', []); // ['shows plain's CPF …', 'shows plain's name Ana Souza …']
 */
export function identityProblems(text: string, allowed: readonly Identity[]): string[] {
  const lower = text.toLowerCase();
  const digits = digitsOf(text);
  const problems: string[] = [];
  const ok = (pick: (i: Identity) => string[]) => new Set(allowed.flatMap(pick).map((s) => s.toLowerCase()));
  const emails = ok((i) => (i.email ? [i.email] : []));
  const cpfs = ok((i) => (i.cpf ? [i.cpf] : []));
  const names = ok((i) => i.names ?? []);
  const own = allowed.map((i) => i.email ?? i.cpf ?? i.names?.[0]).filter(Boolean);
  const whose = own.length > 0 ? own.join(', ') : 'none';
  for (const [key, id] of Object.entries(SEED_IDENTITIES)) {
    if (!emails.has(id.email.toLowerCase()) && lower.includes(id.email.toLowerCase()))
      problems.push(`shows ${id.email}, not the path's account (${whose})`);
    if (!cpfs.has(id.cpf) && digits.includes(id.cpf))
      problems.push(`shows ${key}'s CPF ${id.cpf}, not the path's (${whose})`);
    for (const name of id.names) {
      if (!names.has(name.toLowerCase()) && lower.includes(name.toLowerCase()))
        problems.push(`shows ${key}'s name ${name}, not the path's (${whose})`);
    }
  }
  return problems;
}

/**
 * What is wrong with the page text of step `index` of `path`: another seed account's e-mail, CPF
 * or holder's name on screen; the path's account missing where the table says the page shows it;
 * the message the table expects at that step (`says['<step> -> <leaves>']`, else
 * `says['<step>']`) missing. Empty when the picture is true.
 *
 * @example
 * stepProblems(loginApp, path, 1, document.body.innerText); // []
 */
export function stepProblems(table: AppMachine, path: BookPath, index: number, text: string): string[] {
  const step = path.steps[index];
  if (!step) return [`no step ${index}`];
  const key = accountOf(table, path);
  const own = accountEmail(key);
  const problems = identityProblems(text, key ? [SEED_IDENTITIES[key]] : []);
  if (
    own &&
    step.leaves.some((leaf) => table.accountShown?.includes(leaf)) &&
    !text.toLowerCase().includes(own)
  )
    problems.push(`does not show the path's account ${own} in ${step.leaves.join(', ')}`);
  const message = table.says?.[`${step.name} -> ${step.leaves.join(', ')}`] ?? table.says?.[step.name];
  if (message && !message.test(text)) problems.push(`does not say ${message} after "${step.name}"`);
  return problems;
}

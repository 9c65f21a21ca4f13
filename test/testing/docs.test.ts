import { readFileSync } from 'node:fs';
import { H3_MISSING_MESSAGE, SEED_ACCOUNTS } from 'pam-client/testing';
import { describe, expect, it } from 'vitest';

// docs/testing.md is what users read: its seed table must be the seed.

const doc = readFileSync(new URL('../../docs/testing.md', import.meta.url), 'utf8');
const formatted = (cpf: string) => cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');

describe('docs/testing.md', () => {
  it('lists every seed account with its e-mail and CPF, and the shared password and code', () => {
    const rows = [...doc.matchAll(/^\| `(\w+)` \| `([^`]+)` \| `([^`]+)` \|/gm)].map(
      ([, key, email, cpf]) => ({
        key,
        email,
        cpf,
      }),
    );
    const seed = Object.entries(SEED_ACCOUNTS).map(([key, account]) => ({
      key,
      email: account.email,
      cpf: formatted(account.cpf),
    }));
    expect(rows).toEqual(seed);
    for (const account of Object.values(SEED_ACCOUNTS)) expect(doc).toContain(`**\`${account.password}\`**`);
    expect(doc).toContain(`**\`${SEED_ACCOUNTS.twoFactor.twoFactorCode}\`**`);
  });

  it('gives the install line the missing-h3 error gives', () => {
    expect(doc).toContain('npm i -D h3');
    expect(H3_MISSING_MESSAGE).toContain('npm i -D h3');
  });
});

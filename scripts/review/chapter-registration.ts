// The chapter's registration scenarios (issue 30 items 1 and 2): a CPF that already has an
// account, an under-18 holder, and a document check that is unavailable. Each new player types a
// CPF of her own; the one scenario that types an existing player's CPF does not check it, so the
// register's data for it (that player's name, birth date and mother's name) never appears.

import { NEW_PLAYER, NEW_PLAYER_CPF, NEW_PLAYER_PASSWORD } from './app-tables';
import { byId, type ChapterScenario, contains, signedIn } from './chapter-steps';

/** A 17-year-old's CPF in the reference server's document table (born 17 years before today). */
const MINOR_CPF = '901.234.567-70';
const newPlayer = {
  email: NEW_PLAYER.email,
  cpf: NEW_PLAYER_CPF.replace(/\D/g, ''),
  names: [NEW_PLAYER.name],
};

async function typeForm(
  page: Parameters<ChapterScenario['run']>[0],
  form: { cpf: string; name?: string; birth?: string; email: string },
) {
  await byId(page, 'register-form').waitFor({ state: 'visible' });
  await byId(page, 'register-cpf').fill(form.cpf);
  if (form.name !== undefined) await byId(page, 'register-name').fill(form.name);
  if (form.birth !== undefined) await byId(page, 'register-birth').fill(form.birth);
  await byId(page, 'register-email').fill(form.email);
  await byId(page, 'register-password').fill(NEW_PLAYER_PASSWORD);
}

export const REGISTRATION_SCENARIOS: ChapterScenario[] = [
  {
    id: 'registration-cpf-taken',
    title: 'Registration with a CPF that already has an account',
    rule: 'One account per CPF: a registration whose CPF already has an account is refused, with the message on the CPF field, and nothing of that account is shown (here the CPF is typed without the document check, so the name of its holder never appears). Source: to be confirmed by compliance (not in docs/responsible-gaming.md); the reference server refuses it.',
    account: 'plain',
    identities: [{ cpf: '52998224725' }, { email: 'renata@example.com', names: ['Renata Lopes'] }],
    async run(page, _seed, snap) {
      await typeForm(page, {
        cpf: '529.982.247-25',
        name: 'Renata Lopes',
        birth: '1991-06-10',
        email: 'renata@example.com',
      });
      await snap(
        'A new player types a CPF that already has an account, with her own name and e-mail.',
        'register',
      );
      await byId(page, 'register-submit').click();
      await contains(page, 'register-refused', /already (registered|has an account)/i);
      await snap('The server refuses it on the CPF field; no account is created.', 'register');
    },
  },
  {
    id: 'registration-under-18',
    title: 'Registration of a player under 18',
    rule: "Under-18s may not bet and the operator verifies identity: the document check fills in the register's birth date, and a birth date under 18 years on São Paulo's day is refused before anything is sent (the reference server would also refuse the CPF, whose register birth date is under 18). Source: Lei 14.790/2023, art. 26 (docs/responsible-gaming.md).",
    account: 'plain',
    identities: [{ cpf: '90123456770', email: 'pedro@example.com', names: ['Pedro Alves', 'Cláudia Alves'] }],
    async run(page, _seed, snap) {
      await typeForm(page, { cpf: MINOR_CPF, email: 'pedro@example.com' });
      await byId(page, 'register-check').click();
      await contains(page, 'register-document', /checked/i);
      await snap("The document check fills in the register's name and birth date: 17 years old.", 'register');
      await byId(page, 'register-submit').click();
      await contains(page, 'register-refused', /18/);
      await snap('Refused: the player must be at least 18 years old. Nothing was sent.', 'register');
    },
  },
  {
    id: 'registration-document-unavailable',
    title: 'Registration when the document check is unavailable',
    rule: "When the document check does not answer, registration goes on: the app asks the player to type the full name and birth date as on the document (both then required), the age rule applies to the typed date, and the server takes the CPF's register data. Source: going on without the check: operator's choice; the age: Lei 14.790/2023, art. 26 (docs/responsible-gaming.md); how the identity is verified afterwards: to be confirmed by compliance.",
    account: 'plain',
    identities: [newPlayer],
    async run(page, _seed, snap, { server }) {
      server.faults.add({ path: '/auth/validate-document', status: 503, body: { message: 'Unavailable.' } });
      await typeForm(page, { cpf: NEW_PLAYER_CPF, email: NEW_PLAYER.email });
      await byId(page, 'register-check').click();
      await contains(page, 'register-document', /could not check/i);
      await snap('The check is unavailable: the app asks for the name and birth date by hand.', 'register');
      await byId(page, 'register-submit').click();
      await contains(page, 'register-errors', /type your full name and birth date/i);
      await snap('Sent without them, the form asks for both first (nothing is sent).', 'register');
      await byId(page, 'register-name').fill(NEW_PLAYER.name);
      await byId(page, 'register-birth').fill(NEW_PLAYER.birthDate);
      await byId(page, 'register-submit').click();
      await signedIn(page);
      await contains(page, 'profile', /Beatriz Costa/);
      await snap('What follows: the account is created and the new player is signed in.', 'profile');
      await contains(page, 'bet-status', /loss and time limits/i);
      await snap('Before any bet, the app asks for the mandatory loss and time limits.', 'betting');
    },
  },
];

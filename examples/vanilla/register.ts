// Registration with the document step: `registrationMachine` checks the CPF (validateDocument) and
// offers the name, birth date and mother's name for prefilling; when the check is unavailable the
// player types the name and birth date by hand (both then required). The finished form is sent to
// the machine (SUBMIT), whose `submitted` event hands the payload to `client.register(payload)`,
// which signs the new player in; a refusal (a CPF that has an account, an age under 18) is told
// under this form. The password is read at submit and the input cleared.
import type { PamClient } from 'pam-client/machines';
import { registrationMachine } from 'pam-client/machines';
import { onSessionChange, subscribeTo } from 'pam-client/vanilla';
import { type Actor, createActor } from 'xstate';
import { problemLines } from '../shared/app';
import { DOCUMENT_WORDS, registrationPayload } from '../shared/registration';
import { field, h, showLines } from './dom';

/** Which form the player sent last (the login screen's, or this one). */
export interface LastForm {
  form: 'login' | 'register';
}

export function mountRegistration(root: HTMLElement, client: PamClient, last: LastForm): () => void {
  const input = (attrs: Record<string, string | boolean>) => h('input', attrs);
  const cpf = input({ name: 'cpf', inputmode: 'numeric', 'data-testid': 'register-cpf' });
  const check = h(
    'button',
    { type: 'button', class: 'secondary', 'data-testid': 'register-check' },
    'Check CPF',
  );
  const docStatus = h('p', { class: 'muted', 'data-testid': 'register-document' }, DOCUMENT_WORDS.unchecked);
  const name = input({ name: 'name', autocomplete: 'name', 'data-testid': 'register-name' });
  const birth = input({ name: 'birth_date', type: 'date', 'data-testid': 'register-birth' });
  const mother = input({ name: 'mother_name', readonly: true, 'data-testid': 'register-mother' });
  const email = input({
    name: 'email',
    type: 'email',
    autocomplete: 'email',
    required: true,
    'data-testid': 'register-email',
  });
  const password = input({
    name: 'password',
    type: 'password',
    autocomplete: 'new-password',
    required: true,
    'data-testid': 'register-password',
  });
  const submit = h('button', { type: 'submit', 'data-testid': 'register-submit' }, 'Create account');
  const errors = h('ul', { class: 'errors', role: 'alert', 'data-testid': 'register-errors' });
  const sessionErrors = h('ul', { class: 'errors', role: 'alert', 'data-testid': 'register-refused' });
  const status = h('p', { class: 'muted', role: 'status', 'data-testid': 'register-status' });
  const form = h(
    'form',
    { novalidate: true, 'data-testid': 'register-form' },
    h('div', { class: 'row' }, field('CPF', cpf), check),
    docStatus,
    h('div', { class: 'row' }, field('Name', name), field('Birth date', birth)),
    field("Mother's name", mother),
    h('div', { class: 'row' }, field('E-mail', email), field('Password', password)),
    submit,
    status,
    errors,
    sessionErrors,
  );
  root.append(h('h2', {}, 'New player'), form);

  check.addEventListener('click', () => current().send({ type: 'CHECK_DOCUMENT', number: cpf.value.trim() }));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    // Without a checked document, the name and birth date are the player's own words: required.
    const checked = current().getSnapshot().context.documentCheck === 'valid';
    if (!checked && (name.value.trim() === '' || birth.value === '')) {
      showLines(errors, [DOCUMENT_WORDS.manualMissing]);
      return;
    }
    last.form = 'register';
    showLines(sessionErrors, []);
    const typed = password.value;
    password.value = '';
    current().send({
      type: 'SUBMIT',
      payload: registrationPayload({
        email: email.value,
        password: typed,
        cpf: cpf.value,
        name: name.value,
        birthDate: birth.value,
      }),
    });
  });

  // The form's machine ends when the form is sent; a refused registration starts a new one on the
  // player's next move, the fields kept.
  type Form = Actor<typeof registrationMachine>;
  let actor: Form | null = null;
  let stopActor = () => {};
  const current = (): Form => {
    if (actor && actor.getSnapshot().status === 'active') return actor;
    stopActor();
    actor?.stop();
    const next = createActor(registrationMachine, { input: { auth: client.auth } });
    next.on('submitted', ({ payload }) => client.register(payload));
    const stop = subscribeTo(next, (s) => s, render);
    stopActor = stop;
    actor = next;
    next.start();
    return next;
  };
  const stopSession = onSessionChange(client, (view) => {
    if (view.status === 'registering') status.textContent = 'Creating your account…';
    else if (view.status === 'signedOut' || view.status === 'failed') status.textContent = '';
    // A refused registration (a CPF that has an account, under 18) is told here, once, and the
    // session goes back to signed out: the player corrects this form and sends it again.
    if (view.status === 'failed' && last.form === 'register') {
      showLines(sessionErrors, problemLines(view.error, view.retryAt, view.status));
      last.form = 'login';
      client.cancel();
    }
  });

  function render(s: ReturnType<Form['getSnapshot']>) {
    const { prefill, documentCheck, error } = s.context;
    check.disabled = s.matches('checkingDocument');
    docStatus.textContent = s.matches('checkingDocument')
      ? DOCUMENT_WORDS.checking
      : DOCUMENT_WORDS[documentCheck];
    name.required = documentCheck !== 'valid';
    birth.required = documentCheck !== 'valid';
    if (prefill) {
      if (prefill.name && !name.value) name.value = prefill.name;
      if (prefill.birth_date && !birth.value) birth.value = prefill.birth_date;
      mother.value = prefill.mother_name ?? '';
    }
    submit.disabled = s.matches('documentInvalid') || s.matches('checkingDocument');
    showLines(errors, s.matches('documentInvalid') ? problemLines(error) : []);
    if (s.matches('submitted')) status.textContent = 'Creating your account…';
  }
  current();
  return () => {
    stopSession();
    stopActor();
    actor?.stop();
  };
}

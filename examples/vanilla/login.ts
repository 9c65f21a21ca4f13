// The signed-out screen: the login form, the two-factor step (attempts left, Back), the failed
// and cancelled-account states, and registration. Everything is drawn from the session view; the
// password and the code are read from their inputs at submit, handed to the client (which boxes
// them) and the inputs cleared: they are never kept, shown or logged.
import type { PamClient } from 'pam-client/machines';
import { onSessionChange } from 'pam-client/vanilla';
import { formatDate, problemLines, signedOutNotice } from '../shared/app';
import { STANDING_WORDS } from '../shared/standing';
import { field, h, showLines } from './dom';
import { type LastForm, mountRegistration } from './register';

export function mountSignedOut(root: HTMLElement, client: PamClient): () => void {
  const login = h('input', {
    name: 'login',
    autocomplete: 'username',
    required: true,
    'data-testid': 'login-input',
  });
  const password = h('input', {
    name: 'password',
    type: 'password',
    autocomplete: 'current-password',
    required: true,
    'data-testid': 'password-input',
  });
  const submit = h('button', { type: 'submit', 'data-testid': 'login-submit' }, 'Log in');
  const credentials = h(
    'form',
    { class: 'card', 'data-testid': 'login-form' },
    h('h2', {}, 'Log in'),
    field('E-mail or CPF', login),
    field('Password', password),
    submit,
  );

  const code = h('input', {
    name: 'code',
    inputmode: 'numeric',
    autocomplete: 'one-time-code',
    required: true,
    'data-testid': 'code-input',
  });
  const verify = h('button', { type: 'submit', 'data-testid': 'code-submit' }, 'Verify');
  const back = h('button', { type: 'button', class: 'secondary', 'data-testid': 'code-cancel' }, 'Back');
  const attempts = h('p', { class: 'muted', 'data-testid': 'code-attempts' });
  const twoFactor = h(
    'form',
    { class: 'card', hidden: true, 'data-testid': 'code-form' },
    h('h2', {}, 'Two-factor code'),
    h('p', { class: 'muted' }, 'Enter the code we sent you.'),
    field('Code', code),
    attempts,
    h('div', { class: 'row' }, verify, back),
  );
  const errors = h('ul', { class: 'errors', role: 'alert', 'data-testid': 'login-errors' });
  const wait = h('p', { class: 'notice', hidden: true, 'data-testid': 'login-wait' });
  const dismiss = h('button', { type: 'button', class: 'secondary', 'data-testid': 'login-cancel' }, 'Back');
  const status = h('div', { class: 'row', hidden: true }, dismiss);
  // Why the last session ended, when the player did not end it: told once, on this screen.
  const ended = h('p', { class: 'notice', role: 'status', hidden: true, 'data-testid': 'session-ended' });
  const registration = h('section', { class: 'card', 'data-testid': 'register' });
  // One screen per state: the login (or its 2FA step, or its outcome), and registration only
  // while nobody is signing in.
  const screen = h(
    'section',
    { 'data-testid': 'login-screen' },
    ended,
    credentials,
    twoFactor,
    errors,
    wait,
    status,
  );
  root.append(screen, registration);
  // Which form the player sent last: a failed registration is told under its own form, once.
  const last: LastForm = { form: 'login' };
  const unmountRegistration = mountRegistration(registration, client, last);

  credentials.addEventListener('submit', (event) => {
    event.preventDefault();
    last.form = 'login';
    const typed = password.value;
    password.value = '';
    client.login({ login: login.value.trim(), password: typed });
  });
  twoFactor.addEventListener('submit', (event) => {
    event.preventDefault();
    const typed = code.value;
    code.value = '';
    client.submitCode(typed);
  });
  back.addEventListener('click', () => client.cancel());
  dismiss.addEventListener('click', () => client.cancel());

  const stop = onSessionChange(client, (view) => {
    const askingCode = view.status === 'twoFactorRequired' || view.status === 'verifyingCode';
    credentials.hidden = askingCode;
    twoFactor.hidden = !askingCode;
    submit.disabled = view.status === 'signingIn' || view.status === 'registering';
    verify.disabled = view.status === 'verifyingCode';
    attempts.textContent = view.codeAttemptsLeft == null ? '' : `Attempts left: ${view.codeAttemptsLeft}`;
    if (askingCode && document.activeElement !== code) code.focus();
    status.hidden = view.status !== 'failed' && view.status !== 'cancelledAccount';
    registration.hidden = view.status !== 'signedOut' && view.status !== 'registering';
    const endedText = signedOutNotice(view.signedOutReason);
    ended.hidden = view.status !== 'signedOut' || endedText === null;
    ended.textContent = endedText ?? '';
    // The session status tells a rejected code from the last one allowed (attempts used up).
    const lines = last.form === 'login' ? problemLines(view.error, view.retryAt, view.status) : [];
    showLines(
      errors,
      view.status === 'cancelledAccount'
        ? [STANDING_WORDS.cancelled, STANDING_WORDS.cancelledMoney, ...lines]
        : lines,
    );
    wait.hidden = view.retryAt == null;
    wait.textContent = view.retryAt == null ? '' : `You can try again at ${formatDate(view.retryAt)}.`;
  });

  return () => {
    stop();
    unmountRegistration();
  };
}

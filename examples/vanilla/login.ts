// The login form and the two-factor step. The password and the code are read from their
// inputs at submit, handed to the client (which boxes them) and the inputs cleared: they are
// never kept, shown or logged.
import type { PamClient } from 'pam-client/machines';
import { subscribeTo } from 'pam-client/vanilla';
import { errorLines } from '../shared/app';
import { field, h, showLines } from './dom';

type LoginRef = NonNullable<ReturnType<PamClient['session']['getSnapshot']>['children']['login']>;
type LoginSnapshot = ReturnType<LoginRef['getSnapshot']>;

export function mountLogin(root: HTMLElement, client: PamClient): () => void {
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
  const twoFactor = h(
    'form',
    { class: 'card', hidden: true, 'data-testid': 'code-form' },
    h('h2', {}, 'Two-factor code'),
    h('p', { class: 'muted' }, 'Enter the code we sent you.'),
    field('Code', code),
    verify,
  );
  const errors = h('ul', { class: 'errors', role: 'alert', 'data-testid': 'login-errors' });
  root.append(credentials, twoFactor, errors);

  credentials.addEventListener('submit', (event) => {
    event.preventDefault();
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

  function render(s: LoginSnapshot | undefined) {
    const askingCode = !!s && (s.matches('twoFactorRequired') || s.matches('verifyingTwoFactor'));
    credentials.hidden = askingCode;
    twoFactor.hidden = !askingCode;
    submit.disabled = !!s?.matches('submitting');
    verify.disabled = !!s?.matches('verifyingTwoFactor');
    if (askingCode && document.activeElement !== code) code.focus();
    if (s?.matches('cancelledAccount')) showLines(errors, ['This account was cancelled.']);
    else showLines(errors, errorLines(s?.context.error));
  }

  // The login runs as the session's child `login` while signing in: follow it while it exists.
  let unfollowChild = () => {};
  const follow = (child: LoginRef | undefined) => {
    unfollowChild();
    unfollowChild = child ? subscribeTo(child, (s) => s, render) : () => {};
    render(child?.getSnapshot());
  };
  follow(client.session.getSnapshot().children.login);
  const unfollowSession = subscribeTo(client.session, (s) => s.children.login, follow);

  return () => {
    unfollowSession();
    unfollowChild();
  };
}

// Login, the two-factor step, the failed and cancelled-account states, and registration, from the
// session view. The password and the code are uncontrolled inputs read at submit (never React
// state), handed to the client, which boxes them, and the inputs cleared.
import { useSession } from 'pam-client/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { formatDate, problemLines, signedOutNotice } from '../shared/app';
import { client } from './client';
import { Lines } from './Lines';
import { RegisterForm } from './RegisterForm';

export function SignedOut() {
  const { status, error, retryAt, codeAttemptsLeft, signedOutReason, login, submitCode, cancel } =
    useSession(client);
  const [name, setName] = useState('');
  const password = useRef<HTMLInputElement>(null);
  const code = useRef<HTMLInputElement>(null);
  const askingCode = status === 'twoFactorRequired' || status === 'verifyingCode';
  const lines = problemLines(error, retryAt, status);
  const notice = signedOutNotice(signedOutReason);
  const errors = status === 'cancelledAccount' ? ['This account was cancelled.', ...lines] : lines;
  useEffect(() => {
    if (askingCode) code.current?.focus();
  }, [askingCode]);

  function submitCredentials(event: FormEvent) {
    event.preventDefault();
    const typed = password.current!.value;
    password.current!.value = '';
    login({ login: name.trim(), password: typed });
  }
  function sendCode(event: FormEvent) {
    event.preventDefault();
    const typed = code.current!.value;
    code.current!.value = '';
    submitCode(typed);
  }

  return (
    <>
      {!askingCode ? (
        <form className="card" data-testid="login-form" onSubmit={submitCredentials}>
          <h2>Log in</h2>
          <label>
            E-mail or CPF{' '}
            <input
              value={name}
              onChange={(e) => setName(e.target.value)}
              name="login"
              autoComplete="username"
              required
              data-testid="login-input"
            />
          </label>
          <label>
            Password{' '}
            <input
              ref={password}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              data-testid="password-input"
            />
          </label>
          <button
            type="submit"
            disabled={status === 'signingIn' || status === 'registering'}
            data-testid="login-submit"
          >
            Log in
          </button>
        </form>
      ) : (
        <form className="card" data-testid="code-form" onSubmit={sendCode}>
          <h2>Two-factor code</h2>
          <p className="muted">Enter the code we sent you.</p>
          <label>
            Code{' '}
            <input
              ref={code}
              name="two_factor_code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              data-testid="code-input"
            />
          </label>
          <p className="muted" data-testid="code-attempts">
            Attempts left: {codeAttemptsLeft}
          </p>
          <div className="row">
            <button type="submit" disabled={status === 'verifyingCode'} data-testid="code-submit">
              Verify
            </button>
            <button type="button" className="secondary" data-testid="code-cancel" onClick={() => cancel()}>
              Back
            </button>
          </div>
        </form>
      )}
      {notice && (
        <p className="notice" role="status" data-testid="signed-out-notice">
          {notice}
        </p>
      )}
      <Lines lines={errors} testId="login-errors" />
      {retryAt !== null && (
        <p className="notice" data-testid="login-wait">
          You can try again at {formatDate(retryAt)}.
        </p>
      )}
      {(status === 'failed' || status === 'cancelledAccount') && (
        <div className="row">
          <button type="button" className="secondary" data-testid="login-cancel" onClick={() => cancel()}>
            Back
          </button>
        </div>
      )}
      <RegisterForm />
    </>
  );
}

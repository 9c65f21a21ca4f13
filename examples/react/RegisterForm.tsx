// Registration with the document step: registrationMachine (followed with useActor) checks the CPF
// and offers the name, birth date and mother's name; the form then goes to client.register, which
// signs the player in. The password is an uncontrolled input read at submit.
import { registrationMachine } from 'pam-client/machines';
import { useActor } from 'pam-client/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { problemLines } from '../shared/app';
import { DOCUMENT_WORDS, registrationPayload } from '../shared/registration';
import { client } from './client';
import { Lines } from './Lines';

export function RegisterForm() {
  const { snapshot, send } = useActor(registrationMachine, { input: { auth: client.auth } });
  const [cpf, setCpf] = useState('');
  const [name, setName] = useState('');
  const [birthDate, setBirthDate] = useState('');
  const [email, setEmail] = useState('');
  const password = useRef<HTMLInputElement>(null);
  const checking = snapshot.matches('checkingDocument');
  const invalid = snapshot.matches('documentInvalid');
  const { prefill } = snapshot.context;
  useEffect(() => {
    if (prefill?.name) setName((n) => n || prefill.name || '');
    if (prefill?.birth_date) setBirthDate((b) => b || prefill.birth_date || '');
  }, [prefill]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = password.current!.value;
    password.current!.value = '';
    client.register(registrationPayload({ email, password: typed, cpf, name, birthDate }));
  }

  return (
    <section className="card" data-testid="register">
      <h2>New player</h2>
      <form noValidate data-testid="register-form" onSubmit={submit}>
        <div className="row">
          <label>
            CPF{' '}
            <input
              value={cpf}
              onChange={(e) => setCpf(e.target.value)}
              name="cpf"
              inputMode="numeric"
              data-testid="register-cpf"
            />
          </label>
          <button
            type="button"
            className="secondary"
            disabled={checking}
            data-testid="register-check"
            onClick={() => send({ type: 'CHECK_DOCUMENT', number: cpf.trim() })}
          >
            Check CPF
          </button>
        </div>
        <p className="muted" data-testid="register-document">
          {checking ? DOCUMENT_WORDS.checking : DOCUMENT_WORDS[snapshot.context.documentCheck]}
        </p>
        <div className="row">
          <label>
            Name{' '}
            <input
              value={name}
              onChange={(e) => setName(e.target.value)}
              name="name"
              autoComplete="name"
              data-testid="register-name"
            />
          </label>
          <label>
            Birth date{' '}
            <input
              value={birthDate}
              onChange={(e) => setBirthDate(e.target.value)}
              name="birth_date"
              type="date"
              data-testid="register-birth"
            />
          </label>
        </div>
        <label>
          Mother's name{' '}
          <input
            value={prefill?.mother_name ?? ''}
            name="mother_name"
            readOnly
            data-testid="register-mother"
          />
        </label>
        <div className="row">
          <label>
            E-mail{' '}
            <input
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              name="email"
              type="email"
              autoComplete="email"
              required
              data-testid="register-email"
            />
          </label>
          <label>
            Password{' '}
            <input
              ref={password}
              name="password"
              type="password"
              autoComplete="new-password"
              required
              data-testid="register-password"
            />
          </label>
        </div>
        <button type="submit" disabled={invalid || checking} data-testid="register-submit">
          Create account
        </button>
        <Lines lines={invalid ? problemLines(snapshot.context.error) : []} testId="register-errors" />
      </form>
    </section>
  );
}

// The registration payload the examples send with `client.register` (the password as typed: the
// client boxes it at once).
import type { RegisterCommandPayload } from 'pam-client/machines';

export interface RegistrationForm {
  email: string;
  password: string;
  cpf: string;
  name: string;
  birthDate: string;
}

/** Brazil, Brazilian nationality, no marketing opt-in; empty optional fields left out. */
export function registrationPayload(form: RegistrationForm): RegisterCommandPayload {
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
  return {
    email: form.email.trim(),
    password: form.password,
    country: 'BR',
    nationalities: '["BR"]',
    optIn: false,
    name: optional(form.name),
    birth_date: optional(form.birthDate),
    number: optional(form.cpf),
  };
}

/** What the document check line says, per `documentCheck` (a player never reads "unavailable"). */
export const DOCUMENT_WORDS = {
  unchecked: 'Check your CPF: we fill in your name and birth date from the national register.',
  checking: 'Checking your CPF…',
  valid: 'CPF checked: your name and birth date come from the national register.',
  invalid: '',
  unavailable:
    'We could not check your CPF right now. Type your full name and birth date as they are on your document.',
  manualMissing: 'Type your full name and birth date: we could not check them from your CPF.',
} as const;

// What `validateDocument` knows about a CPF: a fixed table of people who have no account yet, the
// seed accounts' holders, and for any other valid CPF a person generated from its digits (the
// same every time), so a registration form can always prefill.

import { saoPauloDay } from './time';

export interface DocumentPerson {
  name: string;
  birth_date: string;
  gender: 'M' | 'F';
  mother_name: string;
}

/** CPF of a 17-year-old (born 17 years before today, São Paulo day): registration refuses them. */
export const MINOR_CPF = '90123456770';
/** An unregistered CPF in the SPA register of barred players: registration refuses it. */
const SPA_BARRED_UNREGISTERED_CPF = '24681357928';

/** People without an account whose documents validate with fixed data. */
export const DOCUMENT_TABLE: Readonly<Record<string, DocumentPerson>> = Object.freeze({
  '12345678909': {
    name: 'João da Silva',
    birth_date: '1988-07-21',
    gender: 'M',
    mother_name: 'Maria da Silva',
  },
  '13579246828': { name: 'Beatriz Costa', birth_date: '1995-03-08', gender: 'F', mother_name: 'Lúcia Costa' },
  [SPA_BARRED_UNREGISTERED_CPF]: {
    name: 'Renato Barros',
    birth_date: '1970-09-15',
    gender: 'M',
    mother_name: 'Odete Barros',
  },
});

const FIRST: readonly [string, 'M' | 'F'][] = [
  ['Marcos', 'M'],
  ['Juliana', 'F'],
  ['Rafael', 'M'],
  ['Camila', 'F'],
  ['Thiago', 'M'],
  ['Larissa', 'F'],
  ['Gustavo', 'M'],
  ['Fernanda', 'F'],
];
const LAST = ['Oliveira', 'Santos', 'Pereira', 'Ferreira', 'Almeida', 'Carvalho', 'Gomes', 'Ribeiro'];
const MOTHERS = ['Aparecida', 'Conceição', 'Regina', 'Fátima', 'Sandra', 'Márcia', 'Eliane', 'Rosângela'];

const pad = (n: number): string => String(n).padStart(2, '0');

/** The person behind a valid CPF without a table entry: derived from its digits. */
function generated(cpf: string): DocumentPerson {
  const d = (i: number): number => Number(cpf[i]);
  const [first, gender] = FIRST[(d(0) + d(3)) % FIRST.length] as [string, 'M' | 'F'];
  const last = LAST[(d(1) + d(4)) % LAST.length] as string;
  const mother = MOTHERS[(d(2) + d(5)) % MOTHERS.length] as string;
  const year = 1950 + ((d(0) * 10 + d(1) + d(2) * 7) % 51); // 1950..2000: always an adult
  return {
    name: `${first} ${last}`,
    birth_date: `${year}-${pad(1 + ((d(3) + d(6)) % 12))}-${pad(1 + ((d(4) * 10 + d(7)) % 28))}`,
    gender,
    mother_name: `${mother} ${last}`,
  };
}

/** The person a valid CPF belongs to (the minor's birth date moves with `now`). */
export function documentPerson(cpf: string, now: number): DocumentPerson {
  if (cpf === MINOR_CPF) {
    const [year, month, day] = saoPauloDay(now).split('-');
    const birth = `${Number(year) - 17}-${month}-${month === '02' && day === '29' ? '28' : day}`;
    return { name: 'Pedro Alves', birth_date: birth, gender: 'M', mother_name: 'Cláudia Alves' };
  }
  return DOCUMENT_TABLE[cpf] ?? generated(cpf);
}

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/**
 * What is wrong with a birth date a form sends (registration, the profile update), or undefined:
 * not `YYYY-MM-DD` (or before 1900), or under 18 on São Paulo's `now` day (Lei 14.790 art. 26).
 */
export function birthDateError(birthDate: string, now: number): string | undefined {
  if (!DATE.test(birthDate) || Number(birthDate.slice(0, 4)) < 1900)
    return 'The birth date must be a date (YYYY-MM-DD).';
  return isAdult(birthDate, now) ? undefined : 'You must be at least 18 years old.';
}

/** True when someone born on `birthDate` (`YYYY-MM-DD`) is 18 on São Paulo's `now` day. */
export function isAdult(birthDate: string, now: number): boolean {
  const [year, rest] = [birthDate.slice(0, 4), birthDate.slice(4)];
  return `${String(Number(year) + 18).padStart(4, '0')}${rest}` <= saoPauloDay(now);
}

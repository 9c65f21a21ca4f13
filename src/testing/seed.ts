// The seed state every server starts with (and `reset()` returns to).

import { applyLimit, scheduleLimit } from './limit-changes';
import type { LoginHistoryItem, UserLimits, UserRecord } from './records';
import { saoPauloTime } from './time';
import type { SeedAccounts } from './types';

const PASSWORD = 'Secret123!';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The seeded accounts, all with password 'Secret123!' and valid CPFs (docs/testing.md lists
 * what each one is for).
 *
 * @example
 * const { plain } = SEED_ACCOUNTS;
 * await fetch(`${server.url}/auth/login`, { method: 'POST', body: JSON.stringify({ login: plain.email, password: plain.password }) });
 */
export const SEED_ACCOUNTS: SeedAccounts = Object.freeze({
  plain: Object.freeze({ id: 1, email: 'player@example.com', cpf: '52998224725', password: PASSWORD }),
  twoFactor: Object.freeze({
    id: 2,
    email: 'twofactor@example.com',
    cpf: '11144477735',
    password: PASSWORD,
    twoFactorCode: '123456',
  }),
  cancelled: Object.freeze({ id: 3, email: 'cancelled@example.com', cpf: '39053344705', password: PASSWORD }),
  paused: Object.freeze({ id: 4, email: 'paused@example.com', cpf: '45612378955', password: PASSWORD }),
  selfExcluded: Object.freeze({
    id: 5,
    email: 'excluded@example.com',
    cpf: '56789012303',
    password: PASSWORD,
  }),
  spaBarred: Object.freeze({ id: 6, email: 'spa@example.com', cpf: '67890123469', password: PASSWORD }),
  pendingLimit: Object.freeze({ id: 7, email: 'limits@example.com', cpf: '78901234505', password: PASSWORD }),
  timeLimit: Object.freeze({ id: 8, email: 'timelimit@example.com', cpf: '89012345642', password: PASSWORD }),
  operatorExcluded: Object.freeze({
    id: 9,
    email: 'operator@example.com',
    cpf: '31415926590',
    password: PASSWORD,
  }),
});

/** The note of the `operatorExcluded` account's exclusion (shown as given). */
export const OPERATOR_NOTE = 'Conta suspensa pelo operador: análise de documentos em andamento.';

/**
 * CPFs in the SPA register of barred players at the seed: the `spaBarred` account's, and one
 * without an account (registration refuses it; see documents.ts).
 */
export const SEED_SPA_REGISTER: readonly string[] = [SEED_ACCOUNTS.spaBarred.cpf, '24681357928'];

/** The note a profile check writes when the CPF is in the SPA register (shown as given). */
export const SPA_NOTE = 'CPF consta no cadastro nacional de apostadores impedidos (SPA/MF).';

/** A registration with an e-mail at this domain answers `type: 'two_factor_code'`. */
export const TWO_FACTOR_REGISTRATION_DOMAIN = '2fa.example.com';

/** The code every account's second factor accepts. */
export const TWO_FACTOR_CODE = '123456';

/** Seeded login-history entries per user (three pages of 15). */
export const SEEDED_HISTORY_PER_USER = 45;

export const iso = (ms: number): string => new Date(ms).toISOString();

/** Spec 2.12 defaults: amounts 0, periods 'monthly', nullable strings null, notes ''. */
export function defaultLimits(): UserLimits {
  const limits: Partial<UserLimits> = {
    user_pause: 0,
    user_pause_at: null,
    user_pause_in: null,
    user_pause_min: null,
    user_exclusion: 0,
    user_exclusion_at: null,
    user_exclusion_in: null,
    user_exclusion_min: null,
    operator_exclusion: 0,
    operator_exclusion_at: null,
    operator_exclusion_note: '',
    spa_exclusion: 0,
    spa_exclusion_at: null,
    spa_exclusion_note: '',
  };
  for (const kind of ['deposit', 'bet', 'loss', 'time'] as const) {
    Object.assign(limits, {
      [`user_limit_${kind}`]: 0,
      [`user_limit_${kind}_active`]: 0,
      [`user_limit_${kind}_period`]: 'monthly',
      [`user_limit_${kind}_change`]: null,
    });
  }
  return limits as UserLimits;
}

export interface Person {
  first_name: string;
  last_name: string;
  gender: 'M' | 'F';
  birth_date: string;
  mother_name: string;
  phone: string;
  city: string;
  state: string;
}

/** The seed accounts' holders, by account id (the review book checks no other holder is on screen). */
export const PEOPLE: Record<number, Person> = {
  1: {
    first_name: 'Ana',
    last_name: 'Souza',
    gender: 'F',
    birth_date: '1990-05-14',
    mother_name: 'Maria Souza',
    phone: '11987654321',
    city: 'São Paulo',
    state: 'SP',
  },
  2: {
    first_name: 'Bruno',
    last_name: 'Lima',
    gender: 'M',
    birth_date: '1985-11-02',
    mother_name: 'Helena Lima',
    phone: '21998765432',
    city: 'Rio de Janeiro',
    state: 'RJ',
  },
  3: {
    first_name: 'Carla',
    last_name: 'Dias',
    gender: 'F',
    birth_date: '1978-01-30',
    mother_name: 'Rosa Dias',
    phone: '31976543210',
    city: 'Belo Horizonte',
    state: 'MG',
  },
  4: {
    first_name: 'Diego',
    last_name: 'Rocha',
    gender: 'M',
    birth_date: '1992-08-19',
    mother_name: 'Clara Rocha',
    phone: '41987651234',
    city: 'Curitiba',
    state: 'PR',
  },
  5: {
    first_name: 'Elisa',
    last_name: 'Martins',
    gender: 'F',
    birth_date: '1983-04-07',
    mother_name: 'Teresa Martins',
    phone: '51987652345',
    city: 'Porto Alegre',
    state: 'RS',
  },
  6: {
    first_name: 'Fábio',
    last_name: 'Nunes',
    gender: 'M',
    birth_date: '1975-12-11',
    mother_name: 'Vera Nunes',
    phone: '61987653456',
    city: 'Brasília',
    state: 'DF',
  },
  7: {
    first_name: 'Gabriela',
    last_name: 'Pires',
    gender: 'F',
    birth_date: '1998-02-25',
    mother_name: 'Sônia Pires',
    phone: '71987654567',
    city: 'Salvador',
    state: 'BA',
  },
  9: {
    first_name: 'Ivone',
    last_name: 'Teixeira',
    gender: 'F',
    birth_date: '1966-06-30',
    mother_name: 'Alice Teixeira',
    phone: '91987656789',
    city: 'Belém',
    state: 'PA',
  },
  8: {
    first_name: 'Hugo',
    last_name: 'Ramos',
    gender: 'M',
    birth_date: '1989-10-03',
    mother_name: 'Lia Ramos',
    phone: '81987655678',
    city: 'Recife',
    state: 'PE',
  },
};

/** A new user record with realistic defaults; registration and the seed both start here. */
export function newUser(id: number, email: string, cpf: string, password: string, now: number): UserRecord {
  return {
    id,
    email,
    cpf,
    password,
    username: email.split('@')[0] ?? email,
    first_name: '',
    last_name: '',
    phone: '',
    ddi: '55',
    birth_date: '',
    gender: '',
    country: 'BR',
    language: 'pt-BR',
    timezone: 'America/Sao_Paulo',
    currency: 'BRL',
    mother_name: '',
    affiliation_code: null,
    is_active: true,
    cancelled_account: false,
    bonus_enabled: true,
    ftd_date: null,
    ftd_value: null,
    validate_email_at: null,
    lastLoginAt: now,
    login_attempt_qty: 0,
    strong_password: true,
    force_request_kyc: false,
    two_factor_enabled: false,
    two_factor_type: null,
    twoFactorCode: TWO_FACTOR_CODE,
    mkt_accepted: false,
    contracts: { tc: null, privacy: null, lgpd: null, law: null, migrate: null, mkt: null },
    address: { street: '', city: '', state: '', zipcode: '', country: 'BR' },
    limits: defaultLimits(),
    pendingLimits: {},
    social: [],
    nextSocialId: 1,
  };
}

/** The seed users, as of `now`. */
export function seedUsers(now: number): UserRecord[] {
  return Object.values(SEED_ACCOUNTS).map((account) => {
    const person = PEOPLE[account.id] as Person;
    const user = newUser(account.id, account.email, account.cpf, account.password, now - 2 * DAY_MS);
    const accepted = iso(now - 400 * DAY_MS);
    Object.assign(user, {
      first_name: person.first_name,
      last_name: person.last_name,
      gender: person.gender,
      birth_date: person.birth_date,
      mother_name: person.mother_name,
      phone: person.phone,
      ftd_date: iso(now - 300 * DAY_MS),
      ftd_value: 50,
      validate_email_at: iso(now - 399 * DAY_MS),
      mkt_accepted: true,
      contracts: { tc: accepted, privacy: accepted, lgpd: accepted, law: null, migrate: null, mkt: accepted },
      address: {
        street: `Rua das Flores, ${100 + account.id}`,
        city: person.city,
        state: person.state,
        zipcode: `0${account.id}310-100`,
        country: 'BR',
      },
      social: [{ id: 1, provider: 'google', email: account.email, connected_at: iso(now - 200 * DAY_MS) }],
      nextSocialId: 2,
    });
    if (account.id === SEED_ACCOUNTS.twoFactor.id) {
      user.two_factor_enabled = true;
      user.two_factor_type = 'email';
    }
    if (account.id === SEED_ACCOUNTS.cancelled.id) {
      user.cancelled_account = true;
      user.is_active = false;
    }
    seedRestrictions(user, now);
    return user;
  });
}

/** The responsible-gaming state of the seed accounts that have one. */
function seedRestrictions(user: UserRecord, now: number): void {
  const { limits } = user;
  switch (user.id) {
    case SEED_ACCOUNTS.paused.id:
      // A 7-day pause that started 2 days ago.
      Object.assign(limits, {
        user_pause: 7,
        user_pause_at: saoPauloTime(now - 2 * DAY_MS),
        user_pause_in: saoPauloTime(now + 5 * DAY_MS),
        user_pause_min: null,
      });
      break;
    case SEED_ACCOUNTS.selfExcluded.id: {
      // A 6-month self-exclusion that started 10 days ago.
      const since = now - 10 * DAY_MS;
      const until = new Date(since);
      until.setUTCMonth(until.getUTCMonth() + 6);
      Object.assign(limits, {
        user_exclusion: 6,
        user_exclusion_at: saoPauloTime(since),
        user_exclusion_in: saoPauloTime(until.getTime()),
        user_exclusion_min: null,
      });
      break;
    }
    case SEED_ACCOUNTS.pendingLimit.id:
      // A daily deposit limit of 100, raised to 500 twelve hours ago: effective in 12 hours.
      applyLimit(user, 'deposit', { amount: 100, active: 1, period: 'daily' });
      scheduleLimit(user, 'deposit', { amount: 500, active: 1, period: 'daily' }, now + DAY_MS / 2);
      break;
    case SEED_ACCOUNTS.operatorExcluded.id:
      // Excluded by the operator 3 days ago, until the operator lifts it.
      Object.assign(limits, {
        operator_exclusion: 1,
        operator_exclusion_at: saoPauloTime(now - 3 * DAY_MS),
        operator_exclusion_note: OPERATOR_NOTE,
      });
      break;
    case SEED_ACCOUNTS.timeLimit.id:
      // One minute of play a day.
      applyLimit(user, 'time', { amount: 1, active: 1, period: 'daily' });
      break;
  }
}

const AGENTS = [
  {
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36',
    device: 'desktop',
  },
  {
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    device: 'mobile',
  },
  {
    ua: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36',
    device: 'mobile',
  },
];

/**
 * `count` past logins of `userId`, oldest first, with ids from `firstId` (so a higher id is
 * always a later login).
 */
export function seedHistory(userId: number, firstId: number, count: number, now: number): LoginHistoryItem[] {
  return Array.from({ length: count }, (_, i) => {
    const agent = AGENTS[i % AGENTS.length] as (typeof AGENTS)[number];
    return {
      id: firstId + i,
      user_id: userId,
      ip: `203.0.113.${(i % 250) + 1}`,
      user_agent: agent.ua,
      created_at: iso(now - (count - i + 2) * 6 * 60 * 60 * 1000),
      device: agent.device,
      location: 'São Paulo, BR',
    };
  });
}

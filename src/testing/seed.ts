// The seed state every server starts with (and `reset()` returns to).

import type { LoginHistoryItem, UserLimits, UserRecord } from './records';
import type { SeedAccounts } from './types';

const PASSWORD = 'Secret123!';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The seeded accounts, all with password 'Secret123!' and valid CPFs.
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
});

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

interface Person {
  first_name: string;
  last_name: string;
  gender: 'M' | 'F';
  birth_date: string;
  mother_name: string;
  phone: string;
  city: string;
  state: string;
}

const PEOPLE: Record<number, Person> = {
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
    social: [],
    nextSocialId: 1,
  };
}

/** The three seed users, as of `now`. */
export function seedUsers(now: number): UserRecord[] {
  return [SEED_ACCOUNTS.plain, SEED_ACCOUNTS.twoFactor, SEED_ACCOUNTS.cancelled].map((account) => {
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
    return user;
  });
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

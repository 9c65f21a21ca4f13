// Records to wire shapes: AuthUser (2.3), AuthUserInfo (2.4), the profile's userInfo (2.4 + 2.12),
// LoginResponse (2.2).

import type { UserRecord } from './records';
import { iso } from './seed';
import type { ServerState } from './state';

const SEVEN_DAYS_MS = 7 * 24 * 60 * 60 * 1000;

/** Spec 2.3, every field. The document, country_data and wallet fields are not shown: ours. */
export function authUser(user: UserRecord, token: string): Record<string, unknown> {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    name: `${user.first_name} ${user.last_name}`.trim(),
    first_name: user.first_name,
    last_name: user.last_name,
    phone: user.phone,
    ddi: user.ddi,
    birth_date: user.birth_date,
    gender: user.gender,
    country: user.country,
    language: user.language,
    currency: user.currency,
    document: { type: 'cpf', number: user.cpf },
    country_data: {
      code: user.country,
      name: user.country === 'BR' ? 'Brasil' : user.country,
      ddi: user.ddi,
    },
    wallet: {
      real: {
        credit: 0,
        walletId: user.id,
        minWithdrawAmount: 10,
        maxWithdrawAmount: 50000,
        withdrawEnabled: true,
        hasWalletDeposit: user.ftd_date !== null,
        withdrawEnableNow: true,
        withdrawNextDate: '',
      },
      bonus: { credit: 0, creditHold: 0, sportsAmountHold: 0, casinoAmountHold: 0, expiryDatetime: '' },
      cashback: { credit: 0, expiresAt: '' },
    },
    token,
    is_active: user.is_active,
    cancelled_account: user.cancelled_account,
    bonus_enabled: user.bonus_enabled,
    ftd_date: user.ftd_date,
    ftd_value: user.ftd_value,
    mother_name: user.mother_name,
  };
}

/**
 * Spec 2.4. `previousLoginAt` is the login before the one being answered, for
 * `seven_days_since_last_login`; the profile fetch passes the last login itself.
 */
export function authUserInfo(user: UserRecord, now: number, previousLoginAt = user.lastLoginAt) {
  return {
    validate_email_at: user.validate_email_at,
    login_at: iso(user.lastLoginAt),
    login_attempt_qty: user.login_attempt_qty,
    seven_days_since_last_login: now - previousLoginAt >= SEVEN_DAYS_MS,
    strong_password: user.strong_password,
    force_request_kyc: user.force_request_kyc,
    two_factor_enabled: user.two_factor_enabled,
    ...(user.two_factor_type === null ? {} : { two_factor_type: user.two_factor_type }),
  };
}

/**
 * The profile's userInfo: 2.4 plus every UserLimits field (2.12). Contracts and marketing
 * consent have no home in the spec's shapes; they ride along here so a client can read back
 * what it changed.
 */
export function profileInfo(user: UserRecord, now: number): Record<string, unknown> {
  const info: Record<string, unknown> = {
    ...authUserInfo(user, now),
    ...user.limits,
    mkt_accepted: user.mkt_accepted,
    contracts: { ...user.contracts },
  };
  // No CPF on file (registered without `number`): never checked against the SPA register, which
  // is by CPF, so its flag is not known and left out; the client reads an absent flag as unknown
  // (`canBet` false), never as "not listed" (fail closed, REVIEW-AA AA-8).
  if (user.cpf === '') delete info.spa_exclusion;
  return info;
}

/** Spec 2.2 for a login (or registration) that yields a session. */
export function loginResponse(state: ServerState, user: UserRecord, token: string, previousLoginAt: number) {
  return {
    access_token: token,
    expires_in: state.config.tokenTtlSeconds,
    token_type: 'bearer',
    user: authUser(user, token),
    userInfo: authUserInfo(user, state.now(), previousLoginAt),
  };
}

// The in-memory records the reference server keeps. Field names follow the wire (spec section 2)
// wherever the record is sent back as is.

export type LimitPeriod = 'daily' | 'weekly' | 'monthly';
export type LimitKind = 'deposit' | 'bet' | 'loss' | 'time';
export type ContractType = 'tc' | 'privacy' | 'lgpd' | 'law' | 'migrate' | 'mkt';
export type TwoFactorType = 'email' | 'sms';
export type DeliveryType = 'email' | 'download';

/** Spec 2.12. */
export interface UserLimits {
  user_pause: number;
  user_pause_at: string | null;
  user_pause_in: string | null;
  user_pause_min: string | null;
  user_exclusion: number;
  user_exclusion_at: string | null;
  user_exclusion_in: string | null;
  user_exclusion_min: string | null;
  user_limit_deposit: number;
  user_limit_deposit_active: number;
  user_limit_deposit_period: LimitPeriod;
  user_limit_deposit_change: string | null;
  user_limit_bet: number;
  user_limit_bet_active: number;
  user_limit_bet_period: LimitPeriod;
  user_limit_bet_change: string | null;
  user_limit_loss: number;
  user_limit_loss_active: number;
  user_limit_loss_period: LimitPeriod;
  user_limit_loss_change: string | null;
  user_limit_time: number;
  user_limit_time_active: number;
  user_limit_time_period: LimitPeriod;
  user_limit_time_change: string | null;
  operator_exclusion: number;
  operator_exclusion_at: string | null;
  operator_exclusion_note: string;
  spa_exclusion: number;
  spa_exclusion_at: string | null;
  spa_exclusion_note: string;
}

/** Spec 2.10. */
export interface LoginHistoryItem {
  id: number;
  user_id: number;
  ip: string;
  user_agent: string;
  created_at: string;
  device: string;
  location: string;
}

/** Spec gap: the fields of a social account are not shown. */
export interface SocialAccount {
  id: number;
  provider: string;
  email: string;
  connected_at: string;
}

/** Spec gap: the fields of the address record are not shown. */
export interface UserAddress {
  street: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
}

export interface UserRecord {
  id: number;
  email: string;
  cpf: string;
  password: string;
  username: string;
  first_name: string;
  last_name: string;
  phone: string;
  ddi: string;
  birth_date: string;
  /** AuthUser carries the gender as a string ('M', 'F', 'O'); updates send a number. */
  gender: string;
  country: string;
  language: string;
  timezone: string;
  currency: string;
  mother_name: string;
  affiliation_code: string | null;
  is_active: boolean;
  cancelled_account: boolean;
  bonus_enabled: boolean;
  ftd_date: string | null;
  ftd_value: number | null;
  validate_email_at: string | null;
  /** Server clock of the last successful login. */
  lastLoginAt: number;
  login_attempt_qty: number;
  strong_password: boolean;
  force_request_kyc: boolean;
  two_factor_enabled: boolean;
  two_factor_type: TwoFactorType | null;
  twoFactorCode: string;
  mkt_accepted: boolean;
  /** Accepted contracts: type -> when (ISO), null when never accepted. */
  contracts: Record<ContractType, string | null>;
  address: UserAddress;
  limits: UserLimits;
  /** Looser limit changes waiting for their time (what `user_limit_<kind>_change` describes). */
  pendingLimits: Partial<
    Record<LimitKind, { amount: number; active: number; period: LimitPeriod; effectiveAt: number }>
  >;
  social: SocialAccount[];
  nextSocialId: number;
}

export interface TokenRecord {
  userId: number;
  expiresAt: number;
}

export interface ReportRecord {
  id: number;
  userId: number;
  reference_year: number;
  delivery_type: DeliveryType;
  /** Server clock when it was requested. */
  requestedAt: number;
}

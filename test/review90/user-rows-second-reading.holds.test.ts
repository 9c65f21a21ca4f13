// Holds: what the core's user module sends for each user row with a body (its request schema's
// output, as JSON) is read again by the same schema (the server proxy's reading since review 88)
// unchanged: accepted, and the same fields forwarded (updateLimits' `_active` default moves a key's place in
// the JSON, nothing else) (no transform that is not idempotent).
import { describe, expect, it } from 'vitest';
import { USER_OPERATIONS } from '../../src/user/index';

const samples: Record<string, unknown[]> = {
  updateProfile: [
    { first_name: 'Ana', last_name: 'Souza', phone: '11987654321', ddi: '55', email: 'Ana@Example.com' },
    { birth_date: '1990-05-17', password_check: 'Secret123!', kyc_id: 7, terms: true, gender: 1 },
    { city: 'São Paulo', state: 'SP', zipcode: '01001-000', address: 'Rua A, 1', captcha_token: 'tok' },
  ],
  updateEmail: [{ email: 'Ana.Souza@Example.com', password_check: 'Secret123!' }],
  addPhone: [{ phone: '(11) 98765-4321', ddi: '+55' }],
  updateAddress: [{ street: 'Rua A, 1', city: 'São Paulo', state: 'SP', zipcode: '01001-000' }],
  updateContracts: [{ type: 'tc' }, { type: 'mkt' }],
  updateMarketing: [{ mkt_accepted: false }],
  changePassword: [
    { old_password: 'Old-Pass1!', password: 'N3w-Pass!', password_confirmation: 'N3w-Pass!' },
    { old_password: ' spaced ', password: ' p  q ', password_confirmation: ' p  q ', kyc_id: 3 },
  ],
  checkPassword: [{ password: 'Secret123!' }, { password: '  x ' }],
  toggleTwoFactor: [{ type: 'sms', enabled: true }],
  updateLimits: [
    { user_limit_deposit: 100, user_limit_deposit_period: 'daily' },
    { user_limit_bet: 0, user_limit_bet_active: 0, user_limit_loss: 50.5, user_limit_loss_period: 'monthly' },
    { user_limit_time: 120, user_limit_time_period: 'weekly', password_check: 'Secret123!' },
  ],
  setTimeoutLimits: [
    { user_pause: 1, reason: 2 },
    { user_pause: 45, reason: 0, password_check: 'x' },
  ],
  setSelfExclusion: [
    { user_exclusion: -1, reason: 1 },
    { user_exclusion: 60, reason: 3 },
  ],
  generateIncomeReport: [
    { reference_year: 2025, type: 'download' },
    { reference_year: 2024, type: 'email' },
  ],
};

describe('a user row body read twice', () => {
  for (const [name, payloads] of Object.entries(samples))
    it.each(payloads.map((p) => [JSON.stringify(p), p]))(`${name} %s`, (_, payload) => {
      const request = (
        USER_OPERATIONS as Record<
          string,
          { request?: { safeParse(v: unknown): { success: boolean; data?: unknown } } }
        >
      )[name]!.request!;
      const once = request.safeParse(structuredClone(payload));
      expect(once.success).toBe(true);
      const wire = JSON.parse(JSON.stringify(once.data));
      const twice = request.safeParse(wire);
      expect(twice.success).toBe(true);
      // (Key order aside: the same fields and values forwarded.)
      expect(twice.data).toEqual(wire);
    });
});

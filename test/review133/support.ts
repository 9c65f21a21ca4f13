// Review 133 helpers: every public call of the modules on the reference server (real sockets),
// and one verdict per call: the error's code, the requests the server received, and whether a
// secret of the input reached the error (message, String(), toJSON(), issues).
import {
  createAuthModule,
  createOfetchAdapter,
  createRegistrationModule,
  createUserModule,
  isPamError,
  type UserModule,
} from '../../src/index';
import { SEED_ACCOUNTS } from '../../src/testing/index';
import type { ServerFixture } from '../support/server';

/** A secret every payload carries (password, password_check): never in an error. */
export const PW = SEED_ACCOUNTS.plain.password;

export interface Mods {
  auth: ReturnType<typeof createAuthModule>;
  reg: ReturnType<typeof createRegistrationModule>;
  user: UserModule;
}

export function modsOf(ctx: ServerFixture): Mods {
  const s = ctx.server;
  const token = s.issueToken(s.seed.plain.id);
  const anon = createOfetchAdapter({ baseURL: s.url });
  return {
    auth: createAuthModule(anon),
    reg: createRegistrationModule(anon),
    user: createUserModule(createOfetchAdapter({ baseURL: s.url, getAccessToken: () => token })),
  };
}

/** `<code>/<requests received>[/leaked]`: `resolved` when the call resolved. */
export async function verdict(
  ctx: ServerFixture,
  call: () => Promise<unknown>,
  secrets = [PW],
): Promise<string> {
  const before = ctx.server.requests.length;
  let out: string;
  try {
    await call();
    out = 'resolved';
  } catch (e) {
    const typed = isPamError(e) ? (e as { code: string }).code : `untyped:${String(e).slice(0, 60)}`;
    const text = isPamError(e)
      ? [
          String(e),
          (e as Error).message,
          JSON.stringify(e),
          JSON.stringify((e as { issues?: unknown }).issues ?? null),
        ].join('\n')
      : '';
    out = secrets.some((s) => text.includes(s)) ? `${typed}/leaked` : typed;
  }
  return `${out}/${ctx.server.requests.length - before}`;
}

/** A field's kind, for the wrong values generated for it. */
export type Kind =
  | 'text'
  | 'phone'
  | 'doc'
  | 'date'
  | 'email'
  | 'login'
  | 'secret'
  | 'int'
  | 'amount'
  | 'bool'
  | 'enum'
  | 'json';

/** One payload-taking call: a valid payload, the kind of each of its fields, how to send it. */
export interface Op {
  name: string;
  valid: () => Record<string, unknown>;
  fields: Record<string, Kind>;
  send: (m: Mods, payload: unknown, id: number) => Promise<unknown>;
}

const contact = (k: string[]) => Object.fromEntries(k.map((f) => [f, 'text' as Kind]));

export const OPS: Op[] = [
  {
    name: 'login',
    valid: () => ({ login: 'player@example.com', password: PW }),
    fields: { login: 'login', password: 'secret', captcha_token: 'secret', two_factor_code: 'secret' },
    send: (m, p) => m.auth.login(p as never),
  },
  {
    name: 'forgotPassword',
    valid: () => ({ login: 'player@example.com' }),
    fields: { login: 'login', captcha_token: 'secret' },
    send: (m, p) => m.auth.forgotPassword(p as never),
  },
  {
    name: 'validateDocument',
    valid: () => ({ number: '529.982.247-25' }),
    fields: { number: 'doc', captcha_token: 'secret' },
    send: (m, p) => m.reg.validateDocument(p as never),
  },
  {
    name: 'registerSimplified',
    valid: () => ({
      email: 'new@example.com',
      password: PW,
      country: 'BR',
      nationalities: '["BR"]',
      optIn: true,
    }),
    fields: {
      email: 'email',
      password: 'secret',
      country: 'text',
      nationalities: 'json',
      optIn: 'bool',
      birth_date: 'date',
      number: 'doc',
    },
    send: (m, p) => m.reg.registerSimplified(p as never),
  },
  {
    name: 'updateProfile',
    valid: () => ({ first_name: 'Ana', password_check: PW }),
    fields: {
      ...contact(['first_name', 'last_name', 'city', 'state', 'zipcode', 'address', 'affiliation_code']),
      email: 'email',
      birth_date: 'date',
      phone: 'phone',
      gender: 'int',
      kyc_id: 'int',
      terms: 'bool',
      password_check: 'secret',
    },
    send: (m, p, id) => m.user.updateProfile(id, p as never),
  },
  {
    name: 'updateEmail',
    valid: () => ({ email: 'ana@example.com', password_check: PW }),
    fields: { email: 'email', password_check: 'secret', kyc_id: 'int' },
    send: (m, p) => m.user.updateEmail(p as never),
  },
  {
    name: 'addPhone',
    valid: () => ({ phone: '11999990000', ddi: '55', password_check: PW }),
    fields: { phone: 'phone', ddi: 'phone', password_check: 'secret', kyc_id: 'int' },
    send: (m, p) => m.user.addPhone(p as never),
  },
  {
    name: 'updateAddress',
    valid: () => ({ street: 'Rua A', city: 'SP', state: 'SP', zipcode: '01000-000', password_check: PW }),
    fields: { ...contact(['street', 'city', 'state', 'zipcode']), password_check: 'secret', kyc_id: 'int' },
    send: (m, p) => m.user.updateAddress(p as never),
  },
  {
    name: 'updateMarketing',
    valid: () => ({ mkt_accepted: true }),
    fields: { mkt_accepted: 'bool' },
    send: (m, p) => m.user.updateMarketing(p as never),
  },
  {
    name: 'changePassword',
    valid: () => ({ old_password: PW, password: 'N3w-pass!', password_confirmation: 'N3w-pass!' }),
    fields: { old_password: 'secret', password: 'secret', password_confirmation: 'secret', kyc_id: 'int' },
    send: (m, p, id) => m.user.changePassword(id, p as never),
  },
  {
    name: 'checkPassword',
    valid: () => ({ password: PW }),
    fields: { password: 'secret' },
    send: (m, p) => m.user.checkPassword(p as never),
  },
  {
    name: 'toggleTwoFactor',
    valid: () => ({ type: 'sms', enabled: true }),
    fields: { type: 'enum', enabled: 'bool' },
    send: (m, p) => m.user.toggleTwoFactor(p as never),
  },
  {
    name: 'updateLimits',
    valid: () => ({ user_limit_loss: 100, user_limit_loss_period: 'daily', password_check: PW }),
    fields: {
      user_limit_loss: 'amount',
      user_limit_deposit: 'amount',
      user_limit_time: 'amount',
      user_limit_loss_active: 'enum',
      user_limit_loss_period: 'enum',
      password_check: 'secret',
      kyc_id: 'int',
    },
    send: (m, p) => m.user.updateLimits(p as never),
  },
  {
    name: 'setTimeoutLimits',
    valid: () => ({ user_pause: 1, reason: 1, password_check: PW }),
    fields: { user_pause: 'int', reason: 'int', password_check: 'secret', kyc_id: 'int' },
    send: (m, p) => m.user.setTimeoutLimits(p as never),
  },
  {
    name: 'setSelfExclusion',
    valid: () => ({ user_exclusion: 3, reason: 1, password_check: PW }),
    fields: { user_exclusion: 'enum', reason: 'int', password_check: 'secret', kyc_id: 'int' },
    send: (m, p) => m.user.setSelfExclusion(p as never),
  },
  {
    name: 'generateIncomeReport',
    valid: () => ({ reference_year: 2025, type: 'email' }),
    fields: { reference_year: 'int', type: 'enum' },
    send: (m, p) => m.user.generateIncomeReport(p as never),
  },
];

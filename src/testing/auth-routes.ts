// Spec 4.1: login, logout, profile, refresh, registration, password recovery, document check.
// Paths of the last four are docs/contract.md's gap defaults.

import { cpfDigits, documentAsRead, isValidCpf } from './cpf';
import { birthDateError, type DocumentPerson, documentPerson, isAdult } from './documents';
import { HttpFailure, invalid, json, noContent, success } from './http';
import { settleLimits } from './limit-changes';
import { authUser, loginResponse, profileInfo } from './presenters';
import type { RouteContext } from './routing';
import { authedRoute, publicRoute, type Route } from './routing';
import { newUser, TWO_FACTOR_REGISTRATION_DOMAIN } from './seed';
import { LOGIN_RETRY_AFTER_S, ServerState } from './state';
import { isContactText, isPhone } from './user-routes';
import {
  type Check,
  isBoolean,
  isEmail,
  isJsonString,
  isString,
  optional,
  required,
  type Shape,
  validate,
} from './validation';

interface LoginBody {
  login: string;
  password: string;
  two_factor_code?: string;
}

const LOGIN: Shape = {
  login: required(isString),
  password: required(isString),
  captcha_token: optional(isString),
  app_source: optional(isString),
  two_factor_code: optional(isString),
};

interface RegisterBody {
  email: string;
  password: string;
  country: string;
  optIn: boolean;
  ddi?: string;
  phone?: string;
  name?: string;
  birth_date?: string;
  number?: string;
  affiliation_code?: string;
}

const REGISTER: Shape = {
  email: required(isEmail),
  password: required(isString),
  // Contact data as the profile's (REVIEW-AA AA-13): no blank, no control character; digits.
  country: required(isContactText),
  nationalities: required(isJsonString),
  optIn: required(isBoolean),
  // '' as a form's untouched input (REVIEW-AD AD-4): a new account, nothing wiped.
  ddi: optional((v, f) => (v === '' ? undefined : isPhone(v, f))),
  phone: optional((v, f) => (v === '' ? undefined : isPhone(v, f))),
  name: optional((v, f) => (v === '' ? undefined : isContactText(v, f))),
  birth_date: optional(isString),
  number: optional(isString),
  captcha_token: optional(isString),
  app_source: optional(isString),
  affiliation_code: optional(isString),
};

const FORGOT: Shape = { login: required(isString), captcha_token: optional(isString) };
/**
 * A document number: 1 to 20 digits once read as the client reads one (`documentAsRead`;
 * REVIEW-AA AA-13, AF-1; written apart from the client's pattern). Whether it is a valid CPF is
 * the answer's `docnumber_valid`, never a 422.
 */
const isDocumentNumber: Check = (v, f) =>
  isString(v, f) ??
  (/^[0-9]{1,20}$/.test(documentAsRead(v as string))
    ? undefined
    : `The ${f} field must be a document number (digits, at most 20 characters).`);

const VALIDATE_DOCUMENT: Shape = { number: required(isDocumentNumber), captcha_token: optional(isString) };

function client(ctx: RouteContext): { ip: string; userAgent: string } {
  const peer = ctx.event.req.ip ?? '127.0.0.1';
  // X-Forwarded-For (pam-client/server's forwardClient) is trusted from a loopback peer only: the
  // app's server in tests. A real API trusts it from its app servers' addresses, never the internet.
  const trusted = /^(127\.|::1$|::ffff:127\.)/.test(peer);
  const forwarded = trusted
    ? ctx.event.req.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim()
    : undefined;
  return { ip: forwarded || peer, userAgent: ctx.event.req.headers.get('user-agent') ?? '' };
}

function login(ctx: RouteContext): Response {
  const { state } = ctx;
  const body = validate<LoginBody>(ctx.body(), LOGIN);
  const key = ServerState.loginKey(body.login);
  if (state.isLoginThrottled(key)) {
    throw new HttpFailure(
      429,
      { message: 'Too many attempts.' },
      { 'retry-after': String(LOGIN_RETRY_AFTER_S) },
    );
  }
  const user = state.findByLogin(body.login);
  if (!user || user.password !== body.password) {
    state.recordLoginFailure(key);
    throw new HttpFailure(401, { message: 'Invalid credentials.' });
  }
  if (user.cancelled_account) {
    return json(200, { type: 'cancelled_account', message: 'This account has been cancelled.' });
  }
  if (user.two_factor_enabled) {
    if (body.two_factor_code === undefined) {
      return json(200, { type: 'two_factor_code', message: 'A code was sent.' });
    }
    if (body.two_factor_code !== user.twoFactorCode) {
      // A wrong code is a failed login too: six digits must not be brute-forced.
      state.recordLoginFailure(key);
      throw new HttpFailure(422, {
        message: 'Invalid two-factor code.',
        errors: { two_factor_code: ['The code is invalid.'] },
      });
    }
  }
  const previousLoginAt = user.lastLoginAt;
  const { ip, userAgent } = client(ctx);
  state.recordLogin(user, key, ip, userAgent);
  return json(200, loginResponse(state, user, state.issueToken(user.id), previousLoginAt));
}

/** Field errors of a registration beyond its shape: e-mail taken, CPF, age (18+ on São Paulo's day). */
function registrationErrors(
  state: ServerState,
  body: RegisterBody,
): { errors: Record<string, string[]>; cpf: string } {
  const errors: Record<string, string[]> = {};
  if (state.findByEmail(body.email)) errors.email = ['The email has already been taken.'];
  let cpf = '';
  if (body.number !== undefined) {
    const digits = cpfDigits(body.number);
    if (digits === null || !isValidCpf(digits)) errors.number = ['The number field must be a valid CPF.'];
    else if (state.findByCpf(digits)) errors.number = ['This CPF already has an account.'];
    else if (state.spaRegister.has(digits)) {
      errors.number = ['This CPF is in the SPA register of people barred from betting.'];
    } else if (!isAdult(documentPerson(digits, state.now()).birth_date, state.now())) {
      // The register's birth date decides (Lei 14.790/2023 art. 26), whatever the form says.
      errors.number = ['The holder of this CPF must be at least 18 years old.'];
    } else cpf = digits;
  }
  const birthDate = body.birth_date === undefined ? undefined : birthDateError(body.birth_date, state.now());
  if (birthDate) errors.birth_date = [birthDate];
  return { errors, cpf };
}

/**
 * Spec 5.3: the new account is signed in at once (a LoginResponse with a working token). Ours:
 * an e-mail at TWO_FACTOR_REGISTRATION_DOMAIN creates the account with e-mail 2FA on and answers
 * `type: 'two_factor_code'` (then a login with the code signs in); a CPF the document table knows
 * fills the name, birth date and mother's name that were not sent.
 */
function register(ctx: RouteContext): Response {
  const { state } = ctx;
  const body = validate<RegisterBody>(ctx.body(), REGISTER);
  const { errors, cpf } = registrationErrors(state, body);
  if (Object.keys(errors).length > 0) throw invalid(errors);

  const now = state.now();
  const user = newUser(state.takeUserId(), body.email.trim(), cpf, body.password, now);
  const person = cpf === '' ? undefined : documentPerson(cpf, now);
  const [first = '', ...rest] = (body.name ?? person?.name ?? '').trim().split(/\s+/);
  const accepted = new Date(now).toISOString();
  Object.assign(user, {
    first_name: first,
    last_name: rest.join(' '),
    country: body.country,
    ddi: body.ddi ?? user.ddi,
    phone: body.phone ?? '',
    birth_date: body.birth_date ?? person?.birth_date ?? '',
    gender: person?.gender ?? '',
    mother_name: person?.mother_name ?? '',
    affiliation_code: body.affiliation_code ?? null,
    mkt_accepted: body.optIn,
    contracts: { ...user.contracts, tc: accepted, privacy: accepted, lgpd: accepted },
  });
  state.users.set(user.id, user);
  if (user.email.toLowerCase().endsWith(`@${TWO_FACTOR_REGISTRATION_DOMAIN}`)) {
    user.two_factor_enabled = true;
    user.two_factor_type = 'email';
    return json(200, { type: 'two_factor_code', message: 'A code was sent.' });
  }
  const { ip, userAgent } = client(ctx);
  state.recordLogin(user, ServerState.loginKey(user.email), ip, userAgent);
  return json(200, loginResponse(state, user, state.issueToken(user.id), now));
}

/**
 * A valid CPF answers `docnumber_valid: true` with the holder's data (an account's, the document
 * table's, or generated from the digits); an invalid one answers 200 `docnumber_valid: false`
 * (spec 2.6 has the flag for it), with nothing else.
 */
function validateDocument(ctx: RouteContext): Response {
  const body = validate<{ number: string }>(ctx.body(), VALIDATE_DOCUMENT);
  const docnumber = documentAsRead(body.number);
  if (!isValidCpf(docnumber)) return json(200, { docnumber, docnumber_valid: false });
  const user = ctx.state.findByCpf(docnumber);
  const person: DocumentPerson = user
    ? {
        name: `${user.first_name} ${user.last_name}`.trim(),
        birth_date: user.birth_date,
        gender: user.gender as DocumentPerson['gender'],
        mother_name: user.mother_name,
      }
    : documentPerson(docnumber, ctx.state.now());
  return json(200, { docnumber, docnumber_valid: true, ...person });
}

export const authRoutes: readonly Route[] = [
  publicRoute('POST', '/auth/login', login),
  publicRoute('POST', '/auth/register-simplified', register),
  publicRoute('POST', '/auth/forgot-password', (ctx) => {
    validate(ctx.body(), FORGOT);
    // The same answer whether or not the account exists: no account enumeration.
    return success('If the account exists, we sent instructions to recover the password.');
  }),
  publicRoute('POST', '/auth/validate-document', validateDocument),
  authedRoute('POST', '/auth/logout', (ctx) => {
    ctx.state.revokeToken(ctx.token);
    return noContent();
  }),
  authedRoute('GET', '/auth/user-profile', (ctx) => {
    const now = ctx.state.now();
    settleLimits(ctx.user, now);
    if (ctx.query.get('check_spa_again') === '1') ctx.state.checkSpa(ctx.user);
    return json(200, { user: authUser(ctx.user, ctx.token), userInfo: profileInfo(ctx.user, now) });
  }),
  authedRoute('POST', '/users/refresh-token', (ctx) => {
    // Rotation: the new token replaces the old one, which stops working at once.
    const accessToken = ctx.state.issueToken(ctx.user.id);
    ctx.state.revokeToken(ctx.token);
    return json(200, { access_token: accessToken });
  }),
];

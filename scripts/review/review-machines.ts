// The machines of the review book: for each, the user events a reviewer sees, what each invoked
// actor may answer (the server's outcomes), and the named scenarios reviewers ask about.
// No real secret appears here: passwords and codes are placeholders boxed as Secrets, and the
// app driver (app-driver.ts) types the seed accounts' values itself.

import { HttpError, NetworkError, StepUpRequiredError, secret, UnauthorizedError } from 'pam-client';
import {
  incomeReportMachine,
  loginMachine,
  registrationMachine,
  sessionMachine,
  stepUpMachine,
  tokenRefreshMachine,
} from 'pam-client/machines';
import type { ReviewMachine } from './paths';

const NOOP = new Proxy({}, { get: () => () => Promise.resolve(null) });
const PASSWORD = secret('[password]');

const http = (status: number, path: string, message: string, retryAfter?: number) =>
  status === 401
    ? new UnauthorizedError({ status, method: 'POST', path, body: { message } })
    : new HttpError({
        status,
        method: 'POST',
        path,
        body: { message },
        ...(retryAfter ? { retryAfter } : {}),
      });

const user = (email: string) => ({ id: 1, email, name: 'Player', token: '[token]' });

/** The new player of the registration paths (the app types its own values into the form). */
const NEW_PLAYER = {
  email: 'beatriz@example.com',
  password: PASSWORD,
  country: 'BR',
  nationalities: '["BR"]',
  optIn: false,
  number: '13579246828',
};

export const loginReview: ReviewMachine = {
  id: 'login',
  title: 'Login',
  machine: loginMachine,
  input: { auth: NOOP, now: () => 0 },
  userEvents: [
    {
      name: 'SUBMIT (e-mail and password)',
      event: { type: 'SUBMIT', login: 'player@example.com', password: PASSWORD },
    },
    { name: 'SUBMIT_CODE (the 2FA code)', event: { type: 'SUBMIT_CODE', code: secret('[code]') } },
    { name: 'RESET (back / cancel)', event: { type: 'RESET' } },
    { name: 'REGISTER (the new player form)', event: { type: 'REGISTER', payload: NEW_PLAYER } },
  ],
  answers: {
    submitRegistration: [
      {
        name: 'signed in',
        output: { type: 'authenticated', access_token: '[token]', user: user('beatriz@example.com') },
      },
      {
        name: '422 refused',
        error: http(422, '/auth/register-simplified', 'The email has already been taken.'),
      },
    ],
    submitLogin: [
      {
        name: 'signed in',
        output: { type: 'authenticated', access_token: '[token]', user: user('player@example.com') },
      },
      { name: 'asks for a 2FA code', output: { type: 'two_factor_code' } },
      { name: 'account cancelled', output: { type: 'cancelled_account' } },
      { name: '401 wrong password', error: http(401, '/auth/login', 'Invalid credentials.') },
      { name: '429 too many attempts', error: http(429, '/auth/login', 'Too many attempts.', 900) },
    ],
    submitCode: [
      {
        name: 'signed in',
        output: { type: 'authenticated', access_token: '[token]', user: user('twofactor@example.com') },
      },
      { name: '422 wrong code', error: http(422, '/auth/login', 'Invalid two-factor code.') },
      { name: 'no answer', error: new NetworkError('POST', '/auth/login') },
    ],
  },
  scenarios: [
    {
      name: '2FA success',
      steps: [
        'SUBMIT (e-mail and password)',
        'submitLogin: asks for a 2FA code',
        'SUBMIT_CODE (the 2FA code)',
        'submitCode: signed in',
      ],
    },
    {
      name: 'Five rejected codes',
      steps: [
        'SUBMIT (e-mail and password)',
        'submitLogin: asks for a 2FA code',
        ...Array.from({ length: 5 }, () => [
          'SUBMIT_CODE (the 2FA code)',
          'submitCode: 422 wrong code',
        ]).flat(),
      ],
    },
    { name: 'Cancelled account', steps: ['SUBMIT (e-mail and password)', 'submitLogin: account cancelled'] },
    {
      name: 'Registration signs the new player in',
      steps: ['REGISTER (the new player form)', 'submitRegistration: signed in'],
    },
    {
      name: '429 lockout and its wait',
      steps: [
        ...Array.from({ length: 5 }, () => [
          'SUBMIT (e-mail and password)',
          'submitLogin: 401 wrong password',
        ]).flat(),
        'SUBMIT (e-mail and password)',
        'submitLogin: 429 too many attempts',
      ],
    },
  ],
};

const report = (status: number) => ({ id: 7, reference_year: 2025, type: 'download', status, url: null });

export const incomeReportReview: ReviewMachine = {
  id: 'incomeReport',
  title: 'Income report',
  // The page environment (hidden / offline, then back) is offered as the PAUSE and WAKE events
  // the machine's environment listener sends: each is taken as true when it is the event itself.
  machine: incomeReportMachine.provide({
    guards: {
      isPaused: ({ event }: { event: { type: string } }) => event.type === 'PAUSE',
      isActive: ({ event }: { event: { type: string } }) => event.type === 'WAKE',
    },
  }),
  input: { user: NOOP },
  userEvents: [
    {
      name: 'GENERATE (2025, download)',
      event: { type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' },
    },
    { name: 'CANCEL', event: { type: 'CANCEL' } },
    { name: 'PAUSE (the page goes offline)', event: { type: 'PAUSE' } },
    { name: 'WAKE (the page is back online)', event: { type: 'WAKE' } },
    { name: 'RETRY', event: { type: 'RETRY' } },
    { name: 'RESET', event: { type: 'RESET' } },
  ],
  answers: {
    loadYears: [
      { name: 'the years', output: { years: [2025, 2024] } },
      { name: 'no answer', error: new NetworkError('GET', '/income-report/available-years') },
    ],
    generateReport: [
      { name: 'pending', output: report(1) },
      { name: 'completed', output: report(3) },
      { name: 'failed', output: report(4) },
      { name: '500', error: http(500, '/income-report/generate', 'Server error.') },
    ],
    pollStatus: [
      { name: 'processing', output: report(2) },
      { name: 'completed', output: report(3) },
      { name: 'failed', output: report(4) },
      { name: '401', error: http(401, '/income-report/7', 'Unauthenticated.') },
      { name: 'no answer', error: new NetworkError('GET', '/income-report/7') },
      {
        name: '404',
        error: new HttpError({ status: 404, method: 'GET', path: '/income-report/7', body: {} }),
      },
    ],
  },
  scenarios: [
    {
      name: 'Report completed',
      steps: [
        'loadYears: the years',
        'GENERATE (2025, download)',
        'generateReport: pending',
        'timer pollDelay',
        'pollStatus: completed',
      ],
    },
    {
      name: 'Report failed',
      steps: [
        'loadYears: the years',
        'GENERATE (2025, download)',
        'generateReport: pending',
        'timer pollDelay',
        'pollStatus: failed',
      ],
    },
    {
      name: 'Report timed out',
      steps: [
        'loadYears: the years',
        'GENERATE (2025, download)',
        'generateReport: pending',
        'timer deadline',
      ],
    },
    {
      name: 'Report cancelled',
      steps: ['loadYears: the years', 'GENERATE (2025, download)', 'generateReport: pending', 'CANCEL'],
    },
  ],
};

export const tokenRefreshReview: ReviewMachine = {
  id: 'tokenRefresh',
  title: 'Token refresh',
  machine: tokenRefreshMachine,
  input: { auth: NOOP, now: () => 0 },
  userEvents: [
    { name: 'TOKEN_SAVED (signed in)', event: { type: 'TOKEN_SAVED', accessToken: '[token]', savedAt: 0 } },
    { name: 'TICK', event: { type: 'TICK' } },
    { name: 'REFRESH', event: { type: 'REFRESH' } },
    { name: 'SIGN_OUT', event: { type: 'SIGN_OUT' } },
  ],
  answers: {
    refreshToken: [
      { name: 'new token', output: { access_token: '[token]' } },
      { name: '401 session ended', error: http(401, '/auth/refresh', 'Unauthenticated.') },
      { name: 'no answer', error: new NetworkError('POST', '/auth/refresh') },
    ],
  },
  scenarios: [
    {
      name: 'Refresh failure and backoff',
      steps: ['TOKEN_SAVED (signed in)', 'REFRESH', 'refreshToken: no answer', 'timer nextCheck'],
    },
  ],
};

const SUBMITTING = ['signingIn.submitting'];
const CHECKING = ['signingIn.verifyingCode'];
const child = (value: string, extra: Record<string, unknown> = {}) => ({
  value,
  status: 'active',
  context: { login: 'player@example.com', error: null, retryAt: null, rejectedCodes: 0, ...extra },
});

/**
 * The session as `createPamClient` runs it. Its login child does not run in the traversal: the
 * child's moves are offered as answers of `login`. Two guards that check where an event comes
 * from (`internal`: sent by the session's own actors; `vaulted`: a token its actors stored) are
 * taken as passed here, since no actor runs; the app run checks the real thing. The book holds no
 * running client's actor; a chapter that needs one takes the developer door,
 * `sessionActorOf(client)` (docs/session.md), never the app's `client.state`.
 */
export const sessionReview: ReviewMachine = {
  id: 'session',
  title: 'Session',
  machine: sessionMachine.provide({
    guards: { internal: () => true, vaulted: (_: unknown, handle: unknown) => typeof handle === 'string' },
  }),
  input: { auth: NOOP, tokens: NOOP },
  userEvents: [
    {
      name: 'LOGIN (e-mail and password)',
      event: { type: 'LOGIN', login: 'player@example.com', password: PASSWORD },
      when: ['signedOut', 'failed', 'cancelledAccount'],
    },
    {
      name: 'REGISTER (the new player form)',
      event: { type: 'REGISTER', payload: NEW_PLAYER },
      when: ['signedOut'],
    },
    {
      name: 'SUBMIT_CODE (the 2FA code)',
      event: { type: 'SUBMIT_CODE', code: secret('[code]') },
      when: ['signingIn.twoFactorRequired'],
    },
    {
      name: 'CANCEL',
      event: { type: 'CANCEL' },
      when: ['signingIn.twoFactorRequired', 'failed', 'cancelledAccount'],
    },
    { name: 'LOGOUT', event: { type: 'LOGOUT' }, when: ['signedIn'] },
    {
      name: 'SESSION_EXPIRED (the refresh answered 401)',
      event: { type: 'SESSION_EXPIRED' },
      when: ['signedIn'],
    },
  ],
  answers: {
    restore: [{ name: 'nothing stored', output: null }],
    login: [
      { name: 'asks for a 2FA code', snapshot: child('twoFactorRequired'), when: SUBMITTING },
      {
        name: 'checks the code',
        snapshot: child('verifyingTwoFactor'),
        when: ['signingIn.twoFactorRequired'],
      },
      {
        when: CHECKING,
        name: 'code rejected',
        snapshot: child('twoFactorRequired', {
          rejectedCodes: 1,
          error: http(422, '/auth/login', 'Invalid two-factor code.'),
        }),
      },
      {
        when: CHECKING,
        name: 'fifth code rejected',
        snapshot: child('failed', {
          rejectedCodes: 5,
          error: http(422, '/auth/login', 'Invalid two-factor code.'),
        }),
      },
      {
        name: 'wrong password',
        snapshot: child('failed', { error: http(401, '/auth/login', 'Invalid credentials.') }),
        when: SUBMITTING,
      },
      {
        when: SUBMITTING,
        name: '429 too many attempts',
        snapshot: child('failed', {
          retryAt: 900_000,
          error: http(429, '/auth/login', 'Too many attempts.', 900),
        }),
      },
      { name: 'account cancelled', snapshot: child('cancelledAccount'), when: SUBMITTING },
      // After REGISTER (not LOGIN): the child sends the registration.
      { name: 'registers', snapshot: child('registering'), when: SUBMITTING, scenarioOnly: true },
      {
        when: [...SUBMITTING, ...CHECKING, 'signingIn.registering'],
        name: 'signed in',
        output: {
          type: 'authenticated',
          access_token: '[token]',
          token_type: 'bearer',
          expires_in: 28_800,
          user: user('player@example.com'),
          // When and under which login id the session's login actor sealed the answer.
          issued: { at: 0, sid: 1 },
        },
      },
    ],
    logout: [
      { name: 'logged out', output: undefined },
      { name: 'no answer', error: new NetworkError('POST', '/auth/logout') },
    ],
  },
  scenarios: [
    {
      name: '2FA success',
      steps: [
        'restore: nothing stored',
        'LOGIN (e-mail and password)',
        'login: asks for a 2FA code',
        'SUBMIT_CODE (the 2FA code)',
        'login: checks the code',
        'login: signed in',
      ],
    },
    {
      name: 'Five rejected codes',
      steps: [
        'restore: nothing stored',
        'LOGIN (e-mail and password)',
        'login: asks for a 2FA code',
        ...Array.from({ length: 4 }, () => [
          'SUBMIT_CODE (the 2FA code)',
          'login: checks the code',
          'login: code rejected',
        ]).flat(),
        'SUBMIT_CODE (the 2FA code)',
        'login: checks the code',
        'login: fifth code rejected',
      ],
    },
    {
      name: 'Cancelled account',
      steps: ['restore: nothing stored', 'LOGIN (e-mail and password)', 'login: account cancelled', 'CANCEL'],
    },
    {
      name: '429 lockout',
      steps: [
        'restore: nothing stored',
        ...Array.from({ length: 5 }, () => ['LOGIN (e-mail and password)', 'login: wrong password']).flat(),
        'LOGIN (e-mail and password)',
        'login: 429 too many attempts',
      ],
    },
    {
      name: 'Registration signs the new player in',
      steps: [
        'restore: nothing stored',
        'REGISTER (the new player form)',
        'login: registers',
        'login: signed in',
      ],
    },
    {
      name: 'Session expiry',
      steps: [
        'restore: nothing stored',
        'LOGIN (e-mail and password)',
        'login: signed in',
        'SESSION_EXPIRED (the refresh answered 401)',
      ],
    },
    {
      name: 'Logout after a password login',
      steps: [
        'restore: nothing stored',
        'LOGIN (e-mail and password)',
        'login: signed in',
        'LOGOUT',
        'logout: logged out',
      ],
    },
    {
      name: 'Logout after a 2FA login, the server not answering',
      steps: [
        'restore: nothing stored',
        'LOGIN (e-mail and password)',
        'login: asks for a 2FA code',
        'SUBMIT_CODE (the 2FA code)',
        'login: checks the code',
        'login: signed in',
        'LOGOUT',
        'logout: no answer',
      ],
    },
  ],
};

const stepUp = (reason: 'required' | 'invalid') =>
  new StepUpRequiredError(
    {
      status: 422,
      method: 'POST',
      path: '/bff/users/update-limits',
      body: { message: 'Confirm your password.', code: `password_check_${reason}` },
    },
    reason,
  );

/** Step-up: a sensitive change (here a looser deposit limit) that the server confirms with the password. */
export const stepUpReview: ReviewMachine = {
  id: 'stepUp',
  title: 'Step-up (password confirmation)',
  machine: stepUpMachine,
  input: { run: () => Promise.resolve(null) },
  userEvents: [
    { name: 'CONFIRM (the password)', event: { type: 'CONFIRM', password: PASSWORD } },
    // The machine takes CANCEL anywhere; the player can only cancel at the password prompt.
    { name: 'CANCEL', event: { type: 'CANCEL' }, when: ['passwordRequired'] },
  ],
  answers: {
    sendChange: [
      { name: 'done', output: { message: 'Saved.' } },
      { name: 'password required', error: stepUp('required') },
      { name: 'wrong password', error: stepUp('invalid') },
      { name: '500', error: http(500, '/bff/users/update-limits', 'Server error.') },
    ],
  },
  scenarios: [
    {
      name: 'Password confirmed',
      steps: ['sendChange: password required', 'CONFIRM (the password)', 'sendChange: done'],
    },
    {
      name: 'Wrong password, then cancelled',
      steps: [
        'sendChange: password required',
        'CONFIRM (the password)',
        'sendChange: wrong password',
        'CANCEL',
      ],
    },
  ],
};

/** Registration: the optional document check before the form is sent. */
export const registrationReview: ReviewMachine = {
  id: 'registration',
  title: 'Registration form',
  machine: registrationMachine,
  input: { auth: NOOP },
  userEvents: [
    // The new player's own CPF (no account yet): never a seed account's (issue 30.1).
    { name: 'CHECK_DOCUMENT (a CPF)', event: { type: 'CHECK_DOCUMENT', number: '13579246828' } },
    {
      name: 'SUBMIT (the form)',
      event: { type: 'SUBMIT', payload: { email: 'beatriz@example.com', password: PASSWORD } },
    },
    { name: 'RESET', event: { type: 'RESET' } },
  ],
  answers: {
    checkDocument: [
      {
        name: 'valid, with the name and birth date',
        output: { docnumber_valid: true, name: 'Beatriz Costa', birth_date: '1995-03-08' },
      },
      { name: 'invalid', output: { docnumber_valid: false } },
      { name: '422 refused', error: http(422, '/auth/validate-document', 'Invalid document.') },
      { name: 'no answer', error: new NetworkError('POST', '/auth/validate-document') },
    ],
  },
  scenarios: [
    {
      name: 'Document checked, then the form sent',
      steps: [
        'CHECK_DOCUMENT (a CPF)',
        'checkDocument: valid, with the name and birth date',
        'SUBMIT (the form)',
      ],
    },
    {
      name: 'Document check unavailable: registration goes on',
      steps: ['CHECK_DOCUMENT (a CPF)', 'checkDocument: no answer', 'SUBMIT (the form)'],
    },
  ],
};

/** Play time (issue 31.5): its paths are in play-time-review.ts (issue 30). */
export { playTimeReview } from './play-time-review';

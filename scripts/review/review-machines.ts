// The machines of the review book: for each, the user events a reviewer sees, what each invoked
// actor may answer (the server's outcomes), and the named scenarios reviewers ask about.
// No real secret appears here: passwords and codes are placeholders boxed as Secrets, and the
// app driver (app-driver.ts) types the seed accounts' values itself.

import { HttpError, NetworkError, secret, UnauthorizedError } from 'pam-client';
import { incomeReportMachine, loginMachine, tokenRefreshMachine } from 'pam-client/machines';
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
  ],
  answers: {
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
  machine: incomeReportMachine,
  input: { user: NOOP },
  userEvents: [
    {
      name: 'GENERATE (2025, download)',
      event: { type: 'GENERATE', referenceYear: 2025, deliveryType: 'download' },
    },
    { name: 'CANCEL', event: { type: 'CANCEL' } },
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

/** The machines of the book, in its order (the session is added by book.ts when it runs). */
export const REVIEW_MACHINES: ReviewMachine[] = [loginReview, tokenRefreshReview, incomeReportReview];

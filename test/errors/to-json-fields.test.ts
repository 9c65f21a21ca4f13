// REVIEW-Y Y-3: `toJSON()` of every error is `name`, `code`, `message` and the class's documented
// fields (docs/errors.md table), never `body` (API.md), never `cause`, never a secret. One row per
// class; a class exported by `pam-client` with no row fails, so a new class gets its check.
import { describe, expect, it } from 'vitest';
import { ReportFailedError } from '../../machines/income-report/failed-error';
import * as pam from '../../src/index';

const SECRET = 'hunter2-Secret-9';
const body = { message: 'taken', errors: { email: ['taken'] }, password: SECRET };
const init = { status: 409, method: 'POST', path: '/p', body, retryAfter: 3 };
const http = { status: 409, method: 'POST', path: '/p', retryAfter: 3, fieldErrors: { email: ['taken'] } };
const issues = [{ path: ['user_pause'], code: 'too_big', message: 'too big' }];
const cause = new Error(SECRET);

// [name, instance, its documented fields beyond name/code/message]
const rows: [string, pam.PamError, Record<string, unknown>][] = [
  ['HttpError', new pam.HttpError(init), http],
  ['UnauthorizedError', new pam.UnauthorizedError({ ...init, status: 401 }), { ...http, status: 401 }],
  [
    'StepUpRequiredError',
    new pam.StepUpRequiredError({ ...init, status: 422 }, 'invalid'),
    { ...http, status: 422, reason: 'invalid' },
  ],
  [
    'StepUpLockedError',
    new pam.StepUpLockedError(123, { cause, pending: true }),
    { retryAt: 123, pending: true },
  ],
  [
    'StepUpLockedError (wrong passwords)',
    new pam.StepUpLockedError(123, { pending: false }),
    { retryAt: 123 },
  ],
  ['TimeoutError', new pam.TimeoutError('GET', '/x', 100), { timeoutMs: 100 }],
  ['NetworkError', new pam.NetworkError('GET', '/x', { cause }), {}],
  ['AbortedError', new pam.AbortedError('GET', '/x'), {}],
  ['ConfigurationError', new pam.ConfigurationError('bad', { cause }), {}],
  ['StorageError', new pam.StorageError('bad', { cause }), {}],
  ['TwoFactorRejectedError', new pam.TwoFactorRejectedError(), {}],
  ['UnexpectedError', new pam.UnexpectedError('Unexpected failure (Error)', { cause }), {}],
  ['RequestValidationError', new pam.RequestValidationError('login', issues), { operation: 'login', issues }],
  [
    'ResponseValidationError',
    new pam.ResponseValidationError('login', issues, { cause }),
    { operation: 'login', issues },
  ],
  [
    'IncomeReportFailedError',
    new ReportFailedError({ id: 7, status: 4, reference_year: 2025 }),
    { reportId: 7, referenceYear: 2025, status: 4 },
  ],
];

describe('toJSON() of every error: name, code, message and its documented fields', () => {
  it.each(rows)('%s', (_, error, fields) => {
    const json = error.toJSON();
    const expected = { name: error.name, code: error.code, message: error.message, ...fields };
    // toEqual, as `fieldErrors` is a null-prototype object; the keys (order too) say there is no more.
    expect(json).toEqual(expected);
    expect(Object.keys(json)).toEqual(Object.keys(expected));
    expect(JSON.parse(JSON.stringify(error))).toEqual(JSON.parse(JSON.stringify(json)));
    expect(JSON.stringify(error)).not.toContain(SECRET);
    expect(json).not.toHaveProperty('body');
    expect(json).not.toHaveProperty('cause');
  });

  it('has a row for every error class pam-client exports', () => {
    const classes = Object.entries(pam)
      .filter(([, v]) => typeof v === 'function' && v.prototype instanceof pam.PamError)
      .map(([k]) => k);
    expect(classes.length).toBeGreaterThan(10);
    expect(classes.filter((k) => !rows.some(([name]) => name === k))).toEqual([]);
  });
});

// REVIEW106 probes (hold): describeError / createDescribeError(errorMessagesPtBR) never throws, never
// gives an empty title or field message, and the pt-BR-only describer never answers in English.
// Tried: null, undefined, numbers, strings, symbols, BigInt, functions, a cyclic object, a Proxy whose
// every trap throws, a revoked Proxy, objects whose toString / valueOf / Symbol.toPrimitive throw,
// an Error whose `message` getter throws; branded look-alikes (another copy of the library, through
// Symbol.for('pam-client.error')) of every code, with odd fields (status undefined / NaN / a string /
// Infinity, fieldErrors a string / numbers / nested arrays / a Proxy, issues not an array, issues of
// null, a path that is a string, retryAt a string / NaN / Infinity, pending a getter that throws);
// odd options (null, a Proxy, locale 'xx', now NaN, retryAt Infinity, status {}). Every answer: a
// non-empty title, fields a record of non-empty string lists, and for pt-BR-only no sentence of the
// English table. (Cosmetic notes in the report: a look-alike 'http' with no numeric status reads
// "status undefined"; `options: null` gives the generic title.)
import { describe, expect, it } from 'vitest';
import {
  createDescribeError,
  describeError,
  errorMessagesEn,
  errorMessagesPtBR,
} from '../../src/describe/index';

const BRAND = Symbol.for('pam-client.error');
const CODES = [
  'invalid_request',
  'invalid_response',
  'http',
  'unauthorized',
  'step_up_required',
  'network',
  'timeout',
  'aborted',
  'configuration',
  'storage',
  'report_failed',
  'two_factor_rejected',
  'unexpected',
  'step_up_locked',
];

const thrower = (): never => {
  throw new Error('hunter2 trap');
};
const allTraps = new Proxy(
  {},
  {
    get: thrower,
    has: thrower,
    ownKeys: thrower,
    getPrototypeOf: thrower,
    getOwnPropertyDescriptor: thrower,
  },
);
const revoked = (() => {
  const r = Proxy.revocable({}, {});
  r.revoke();
  return r.proxy;
})();
const cyclic: Record<string, unknown> = { a: 1 };
cyclic.self = cyclic;
const badPrimitive = { toString: thrower, valueOf: thrower, [Symbol.toPrimitive]: thrower };
const badMessage = Object.defineProperty(new Error('x'), 'message', { get: thrower });

const plainValues: unknown[] = [
  null,
  undefined,
  0,
  Number.NaN,
  '',
  'hunter2',
  Symbol('s'),
  10n,
  () => 1,
  cyclic,
  allTraps,
  revoked,
  badPrimitive,
  badMessage,
  new Error(''),
  [],
];

const oddFields: Record<string, unknown>[] = [
  {},
  { status: undefined },
  { status: Number.NaN },
  { status: '422' },
  { status: Number.POSITIVE_INFINITY },
  { status: 429, retryAfter: Number.NaN },
  { status: 429, retryAfter: -5 },
  { status: 429, retryAfter: 1e12 },
  { status: 422, fieldErrors: 'email taken' },
  { status: 422, fieldErrors: { email: 'taken' } },
  { status: 422, fieldErrors: { email: [1, 2] } },
  { status: 422, fieldErrors: { email: [['x']] } },
  { status: 422, fieldErrors: allTraps },
  { status: 422, fieldErrors: { '': [''] } },
  { status: 422, fieldErrors: { '   ': ['   '] } },
  { issues: 'nope' },
  { issues: [null] },
  { issues: [{ path: 'abc', code: 'x' }] },
  { issues: [{ path: [], code: 'x' }] },
  { issues: [{ path: ['a'], code: 'zz', message: 1 }] },
  { retryAt: 'soon' },
  { retryAt: Number.NaN },
  { retryAt: Number.POSITIVE_INFINITY },
  Object.defineProperty({}, 'pending', { get: thrower, enumerable: true }),
  { message: undefined },
  { message: 'captcha token timed out' },
];

const lookAlikes = CODES.flatMap((code) =>
  oddFields.map((f) => {
    const o = Object.create({ [BRAND]: true });
    Object.defineProperties(o, Object.getOwnPropertyDescriptors(f));
    o.code = code;
    return o as unknown;
  }),
);

const oddOptions: unknown[] = [
  undefined,
  {},
  { locale: 'xx' },
  { locale: 'en' },
  { now: Number.NaN },
  { retryAt: Number.POSITIVE_INFINITY },
  { status: {} },
  { codeAttemptsLeft: 'x' },
  allTraps,
];

const enSentences = new Set(
  Object.values(errorMessagesEn)
    .filter((v): v is string => typeof v === 'string')
    .concat(Object.values(errorMessagesEn.issues), Object.values(errorMessagesEn.field)),
);
const enStems = ['Too many', 'Please', 'The request failed', 'The server', 'Your session'];

function check(out: ReturnType<typeof describeError>, ptOnly: boolean) {
  expect(typeof out.title).toBe('string');
  expect(out.title.trim().length).toBeGreaterThan(0);
  expect(out.fields).toBeTypeOf('object');
  for (const list of Object.values(out.fields)) {
    expect(Array.isArray(list)).toBe(true);
    for (const m of list) expect(typeof m === 'string' && m.length > 0).toBe(true);
  }
  expect(JSON.stringify(out)).not.toContain('hunter2');
  if (ptOnly) {
    expect(enSentences.has(out.title)).toBe(false);
    for (const stem of enStems) expect(out.title.startsWith(stem)).toBe(false);
  }
}

describe('REVIEW106: describeError against hostile and foreign values', () => {
  const ptOnly = createDescribeError(errorMessagesPtBR);
  it('never throws, never an empty title; pt-BR-only never speaks English', () => {
    for (const value of [...plainValues, ...lookAlikes])
      for (const options of oddOptions) {
        check(describeError(value, options as never), false);
        check(ptOnly(value, options as never), true);
      }
  });
});

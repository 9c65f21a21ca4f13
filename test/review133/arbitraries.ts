// Review 133: values each kind of field must refuse (wrong types, impossible numbers, hostile text).
import fc from 'fast-check';
import { PW } from './support';

/** A Proxy whose every trap throws the secret. */
export const throwingProxy = (target: object = {}) =>
  new Proxy(target, {
    get: () => {
      throw new Error(`trap ${PW}`);
    },
    has: () => {
      throw new Error(`trap ${PW}`);
    },
    ownKeys: () => {
      throw new Error(`trap ${PW}`);
    },
    getOwnPropertyDescriptor: () => {
      throw new Error(`trap ${PW}`);
    },
    getPrototypeOf: () => {
      throw new Error(`trap ${PW}`);
    },
  });

/** Stands for a fresh `throwingProxy()` (fast-check itself would trip on a Proxy's traps). */
export const PROXY = Symbol.for('review133.proxy');
/** The value to send: a fresh throwing Proxy for the `PROXY` mark. */
export const materialize = (v: unknown): unknown => (v === PROXY ? throwingProxy() : v);

/** Non-string values: what no text field takes. */
const notText = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom<unknown>(
    Number.NaN,
    Number.POSITIVE_INFINITY,
    -0,
    null,
    true,
    false,
    10n ** 20n,
    Symbol('s'),
    new Date(0),
    new Map([['a', 'b']]),
    () => PW,
    { toString: () => PW },
    { valueOf: () => PW },
    [PW],
    [],
    {},
  ),
  fc.constant(null).map(() => new String(PW)),
  fc.constant(PROXY),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
);

/** Non-number values: what no number field takes. */
const notNumber = fc.oneof(
  fc.constantFrom<unknown>(
    '5',
    ' 5',
    '5 ',
    '+5',
    '0x10',
    '1e3',
    '٥',
    '',
    'NaN',
    'Infinity',
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    null,
    true,
    [5],
    { valueOf: () => 5 },
    5n,
    Symbol('n'),
    new Date(0),
  ),
  fc.constant(null).map(() => new Number(5)),
  fc.constant(PROXY),
  fc.integer().map(String),
);

/** Text with a character contact data never takes, at a generated place. */
const badChar = fc.constantFrom(
  '\u0000',
  '\r\n',
  '\n',
  '\u0007',
  '\ud800',
  '\udfff',
  '\u202e',
  '\u2066',
  '\u200b',
  '\u2028',
  '\u2029',
  '\ufeff',
  '\u0085',
  '\u00ad',
);
const hostileText = fc
  .tuple(fc.string({ maxLength: 8 }), badChar, fc.string({ maxLength: 8 }))
  .map(([a, c, b]) => `Ana${a}${c}${b}`);

const long = (n: number) => fc.constant(null).map(() => `${'a'.repeat(n)}`);

export const WRONG: Record<string, fc.Arbitrary<unknown>> = {
  text: fc.oneof(
    notText,
    hostileText,
    long(100_000),
    fc.constantFrom('', '   ', '\t', '\u200b\u200b', 'a'.repeat(256)),
  ),
  phone: fc.oneof(
    notText,
    hostileText,
    fc.constantFrom('', '11 9999x0000', '1'.repeat(25), '++55', '55\n', '(11)) 9'),
  ),
  doc: fc.oneof(
    notText,
    fc.constantFrom('', '1e5', '0x1F', 'abc', '1'.repeat(21), '529.982.247-2X', '   ', '+5299'),
  ),
  date: fc.oneof(
    notText,
    fc.constantFrom(
      '',
      '1990-02-31',
      '1990-02-30',
      '1991-02-29',
      '1990-13-01',
      '1990-00-10',
      '1990-5-1',
      '01/05/1990',
      '1899-12-31',
      '+01990-05-01',
      '1990-05-01\n',
      '1990-05-01\u0000',
      '2020-01-01',
      'NaN-NaN-NaN',
      '9999999-01-01',
      '１９９０-０５-０１',
    ),
  ),
  json: fc.oneof(
    notText,
    fc.constantFrom('', 'BR', '{"a":1}', '[1]', '["BR"', 'null', '"BR"', '[["BR"]]', '[null]'),
  ),
  email: fc.oneof(
    notText,
    hostileText.map((t) => `${t}@example.com`),
    fc.constantFrom(
      '',
      'a b@example.com',
      'ana@exámple.com',
      'ána@example.com',
      'ana@example.com\n',
      'ana@@example.com',
      `${'a'.repeat(250)}@example.com`,
      'ana@example',
      '@example.com',
    ),
  ),
  login: fc.oneof(
    notText,
    fc.constantFrom('', '   ', '\t\n', '\u00a0', '\ufeff', 'a'.repeat(255), `${'a'.repeat(300)}@example.com`),
  ),
  secret: fc.oneof(notText, fc.constantFrom('', PW.repeat(1000))),
  int: fc.oneof(notNumber, fc.constantFrom<unknown>(1.5, -0.5, 2 ** 53, -(2 ** 53) - 2, 1e308, 5e-324)),
  amount: fc.oneof(notNumber, fc.constantFrom<unknown>(-1, -0.01, -5e-324, -1e308, Number.MIN_SAFE_INTEGER)),
  bool: fc.oneof(
    fc.constantFrom<unknown>('true', 'false', 1, 0, null, [true], {}, 'yes', Number.NaN),
    fc.constant(null).map(() => new Boolean(true)),
    fc.constant(PROXY),
  ),
  enum: fc.oneof(
    notNumber,
    fc.constantFrom<unknown>(
      'SMS',
      ' sms',
      'daily ',
      'Daily',
      '\u200bdaily',
      2,
      '1',
      3.5,
      -2,
      'email\u0000',
      'EMAIL',
      'download ',
      [3],
      {},
      'ｅｍａｉｌ',
    ),
  ),
};

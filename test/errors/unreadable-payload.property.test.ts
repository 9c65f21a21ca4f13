// Review L4: a caller's payload (or options) whose getter or Proxy trap throws is an
// `invalid_request` with a fixed message, on every operation that takes one: the foreign error,
// and its message, never escape (they may quote what the getter guards), and nothing is sent.
// Every row of the operations lists, over real sockets (the echo server counts what arrives).

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_OPERATIONS } from '../../src/auth/operations';
import { isPamError } from '../../src/errors/base';
import { createOfetchAdapter } from '../../src/http/ofetch-adapter';
import { type Operation, send } from '../../src/operation/operation';
import { downloadIncomeReport } from '../../src/user/download';
import { USER_OPERATIONS } from '../../src/user/index';
import { sendSensitive } from '../../src/user/sensitive';
import { type EchoServer, startEchoServer } from '../http/echo-server';
import { everyView } from './views';

let echo: EchoServer;
beforeAll(async () => {
  echo = await startEchoServer();
  echo.answer = () => ({ status: 200, body: {} });
});
afterAll(() => echo?.close());

const FOREIGN = 'hunter2-FOREIGN-message';

/** What a throwing getter or trap throws: an Error, a string, anything. */
const thrown = fc.constantFrom<unknown>(
  new Error(FOREIGN),
  FOREIGN,
  { message: FOREIGN },
  new TypeError(FOREIGN),
);

/** A key path (1 to 3 keys): the spec's field names and others. */
const keyPath = fc.array(
  fc.oneof(
    fc.constantFrom(
      'login',
      'password',
      'password_check',
      'user_limit_deposit',
      'email',
      'reference_year',
      'type',
    ),
    fc.string({ minLength: 1, maxLength: 8 }).filter((k) => k !== '__proto__'),
  ),
  { minLength: 1, maxLength: 3 },
);

/** How the throw is planted at the end of the path: a getter, or a Proxy whose every trap throws. */
const planting = fc.constantFrom('getter', 'proxy');

function hostile(path: readonly string[], how: string, error: unknown): unknown {
  const raise = () => {
    throw error;
  };
  if (path.length === 0)
    return how === 'proxy'
      ? new Proxy({}, { get: raise, ownKeys: raise, has: raise, getOwnPropertyDescriptor: raise })
      : Object.defineProperty({}, 'login', { get: raise, enumerable: true });
  const [key, ...rest] = path as [string, ...string[]];
  const out: Record<string, unknown> = { login: 'a@b.co' };
  if (rest.length === 0 && how === 'getter')
    Object.defineProperty(out, key, { get: raise, enumerable: true });
  else out[key] = hostile(rest, how, error);
  return out;
}

/** A valid argument for a row's path builder (an id, a page, a social type). */
const pathArg = (name: string) => (name === 'connectSocial' ? 'google' : 1);

const ROWS: [string, Operation, boolean][] = [
  ...Object.entries(AUTH_OPERATIONS).map(
    ([n, op]) => [n, op as Operation, false] as [string, Operation, boolean],
  ),
  ...Object.entries(USER_OPERATIONS).map(
    ([n, op]) => [n, op as Operation, true] as [string, Operation, boolean],
  ),
];

/** The arguments of row `name`: its path argument, its payload (or the contract type), then options. */
function argsOf(name: string, op: Operation, payload: unknown, options: unknown): unknown[] {
  const args: unknown[] = [];
  if (typeof op.path === 'function') args.push(pathArg(name));
  if (op.request) args.push(op.pack ? 'tc' : payload);
  args.push(options);
  return args;
}

async function outcome(name: string, op: Operation, sensitive: boolean, args: unknown[]) {
  const http = createOfetchAdapter({ baseURL: echo.url, retry: 0 });
  const before = echo.requests.length;
  let error: unknown;
  try {
    await send(http, name, op, args, sensitive ? sendSensitive : undefined);
  } catch (e) {
    error = e;
  }
  return { error, sent: echo.requests.length - before };
}

function expectRefused({ error, sent }: { error: unknown; sent: number }, name: string) {
  expect(isPamError(error) && error.code, name).toBe('invalid_request');
  expect(everyView(error), name).not.toContain(FOREIGN);
  expect(sent, name).toBe(0);
}

describe('a payload or options that throw while read', () => {
  it("the review's cases: login's password getter, a Proxy, updateLimits' getter", async () => {
    const login = AUTH_OPERATIONS.login as Operation;
    expectRefused(
      await outcome('login', login, false, [
        {
          login: 'a@b.co',
          get password(): string {
            throw new Error('hunter2');
          },
        },
      ]),
      'login getter',
    );
    const ownKeys = () => {
      throw new Error(FOREIGN);
    };
    expectRefused(await outcome('login', login, false, [new Proxy({}, { ownKeys })]), 'login Proxy');
    const limits = USER_OPERATIONS.updateLimits as Operation;
    const getter = {
      get user_limit_deposit(): number {
        throw new Error(FOREIGN);
      },
    };
    expectRefused(await outcome('updateLimits', limits, true, [getter]), 'updateLimits getter');
  });

  it('property: every row with a payload, a throw at a generated path is invalid_request, nothing sent', async () => {
    const withPayload = ROWS.filter(([, op]) => op.request && !op.pack);
    expect(withPayload.length).toBeGreaterThan(10);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...withPayload.map(([name]) => name)),
        fc.oneof(fc.constant([] as string[]), keyPath),
        planting,
        thrown,
        async (name, path, how, error) => {
          const [, op, sensitive] = withPayload.find(([n]) => n === name)!;
          const payload = hostile(path, how, error);
          expectRefused(await outcome(name, op, sensitive, argsOf(name, op, payload, undefined)), name);
        },
      ),
      { numRuns: 200, seed: 2704 },
    );
  }, 60_000);

  it('property: every row, options whose signal or accessToken getter throws (onStepUp: the user rows) is invalid_request, nothing sent', async () => {
    const cases = ROWS.flatMap((row) =>
      (row[2] ? ['signal', 'accessToken', 'onStepUp'] : ['signal', 'accessToken']).map(
        (key) => `${row[0]} ${key}`,
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...cases), thrown, async (label, error) => {
        const [name, key] = label.split(' ') as [string, string];
        const [, op, sensitive] = ROWS.find(([n]) => n === name)!;
        const options = Object.defineProperty({}, key, {
          get: () => {
            throw error;
          },
          enumerable: true,
        });
        const payload = { user_limit_deposit: 1, password_check: 'x', login: 'a', password: 'b' };
        expectRefused(
          await outcome(name, op, sensitive, argsOf(name, op, payload, options)),
          `${name} ${key}`,
        );
      }),
      { numRuns: 150, seed: 2706 },
    );
  }, 60_000);

  it.each(['download_url', 'reference_year'])(
    'downloadIncomeReport: a report whose %s getter throws is invalid_request, nothing sent',
    async (key) => {
      const report = Object.defineProperty({ download_url: `${echo.url}/r.pdf`, reference_year: 2025 }, key, {
        get: () => {
          throw new Error(FOREIGN);
        },
      });
      const http = createOfetchAdapter({ baseURL: echo.url, retry: 0 });
      const before = echo.requests.length;
      let error: unknown;
      try {
        await downloadIncomeReport(http, report);
      } catch (e) {
        error = e;
      }
      expectRefused({ error, sent: echo.requests.length - before }, key);
    },
  );
});

// REVIEW93 probes (hold): what an app passes to the reads (wrong types, Proxies whose traps throw,
// huge strings) is a typed `invalid_request`, nothing sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfetchAdapter, createUserModule } from '../../src/index';
import { type RawServer, startRawServer } from './raw-server';

let raw: RawServer;
beforeAll(async () => {
  raw = await startRawServer();
});
afterAll(() => raw.close());
const user = () =>
  createUserModule(createOfetchAdapter({ baseURL: raw.url, getAccessToken: () => 't', retry: 0 }));
const throwing = new Proxy(
  {},
  {
    get() {
      throw new Error('trap get');
    },
    has() {
      throw new Error('trap has');
    },
    getPrototypeOf() {
      throw new Error('trap proto');
    },
    ownKeys() {
      throw new Error('trap keys');
    },
  },
);
// biome-ignore lint/suspicious/noExplicitAny: the point is to pass what the types forbid
type Loose = any;

describe('read calls refuse bad app input, nothing sent', () => {
  it.each<[string, (u: Loose) => Promise<unknown>]>([
    ['page a Proxy', (u) => u.getLoginHistory(throwing)],
    ['page "2"', (u) => u.getLoginHistory('2')],
    ['page 2n', (u) => u.getLoginHistory(2n)],
    ['page 0', (u) => u.getLoginHistory(0)],
    ['page 1.5', (u) => u.getLoginHistory(1.5)],
    ['page null', (u) => u.getLoginHistory(null)],
    ['page a huge string', (u) => u.getLoginHistory('9'.repeat(1_000_000))],
    ['page 2^53', (u) => u.getLoginHistory(2 ** 53)],
    ['options a Proxy (login history)', (u) => u.getLoginHistory(1, throwing)],
    ['options a Proxy (address)', (u) => u.getAddress(throwing)],
    ['signal no AbortSignal', (u) => u.getSocialAccounts({ signal: 'x' })],
    ['report id a Proxy', (u) => u.getIncomeReportStatus(throwing)],
    ['checkPassword password huge', (u) => u.checkPassword({ password: 'x'.repeat(1_000_000) })],
    ['checkPassword a Proxy', (u) => u.checkPassword(throwing)],
  ])('%s: invalid_request', async (_, call) => {
    const before = raw.requests.length;
    await expect(call(user())).rejects.toMatchObject({ code: 'invalid_request' });
    expect(raw.requests.length).toBe(before);
  });
});

// Each piece of the request path timed alone, cold (after a 10 ms idle) and hot (at once again)
// (bench/trace.mjs pieces runs it): what a piece costs when the CPU's caches no longer hold it, as
// at every call of section 1's 10 ms variant. `N` rounds (default 100). Never part of `npm test`.

import { startReferenceServer } from 'pam-client/testing';
import { createScrubber } from '../src/errors/scrub';
import { absoluteURL, checkRequestOptions, readResponse, stripQuery, targetOf } from '../src/http/exchange';
import { attemptSignal } from '../src/http/waiting';
import { parseResponse } from '../src/schemas/common';
import { LoginHistoryResponse } from '../src/schemas/index';
import { secretValuesOf, secretValuesOfQuery } from '../src/secrets/secret';
import { pageParam } from '../src/user/call';

const server = await startReferenceServer();
const login = await fetch(`${server.url}/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ login: 'player@example.com', password: 'Secret123!' }),
});
const token = ((await login.json()) as { access_token: string }).access_token;
const path = '/bff/users/login-history?page=1';
const history = await (
  await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } })
).text();
await server.close();

const base = 'http://127.0.0.1:4000';
const historyBytes = new TextEncoder().encode(history);
const utf8 = new TextDecoder();
const noop = () => undefined;
const tokenScrubber = createScrubber([token]);
const pieces: [string, () => unknown][] = [
  ['nothing', noop],
  ['performance.now()', () => performance.now()],
  ['setTimeout + clearTimeout (15 s)', () => clearTimeout(setTimeout(noop, 15_000))],
  ['attemptSignal + dispose', () => attemptSignal(undefined, 15_000)!.dispose()],
  ['new AbortController()', () => new AbortController()],
  ['secretValuesOfQuery(path)', () => secretValuesOfQuery(path)],
  ['secretValuesOf(undefined)', () => secretValuesOf(undefined)],
  ["[...new URLSearchParams('page=1')]", () => [...new URLSearchParams('page=1')]],
  ['targetOf', () => targetOf(base, path, false)],
  ['stripQuery', () => stripQuery(path)],
  ['absoluteURL', () => absoluteURL(`${base}${path}`)],
  ['createScrubber([]) + text(path)', () => createScrubber([]).text('/bff/users/login-history')],
  ['checkRequestOptions', () => checkRequestOptions(() => 'GET x', {})],
  ['pageParam (zod)', () => pageParam('getLoginHistory', 1)],
  [
    'new Headers({ accept, authorization })',
    () => new Headers({ accept: 'application/json', authorization: `Bearer ${token}` }),
  ],
  ['JSON.parse(history)', () => JSON.parse(history)],
  ['new TextDecoder()', () => new TextDecoder()],
  ['TextDecoder#decode(history bytes), one decoder', () => utf8.decode(historyBytes)],
  ['new Blob([history bytes]) (what readBody built before)', () => new Blob([historyBytes])],
  [
    'readResponse(history), token scrubber',
    () => readResponse({ status: 200, headers: new Headers() }, history, 'GET', path, tokenScrubber),
  ],
  [
    'parseResponse(history) (zod)',
    () => parseResponse('getLoginHistory', LoginHistoryResponse, JSON.parse(history)),
  ],
];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const rounds = Number(process.env.N ?? 100);
for (const [, f] of pieces) for (let i = 0; i < 2000; i++) f();
const cold = pieces.map(() => [] as number[]);
const hot = pieces.map(() => [] as number[]);
const time = (f: () => unknown) => {
  const t0 = process.hrtime.bigint();
  f();
  return Number(process.hrtime.bigint() - t0) / 1000;
};
for (let i = 0; i < rounds; i++)
  for (let k = 0; k < pieces.length; k++) {
    await sleep(10);
    cold[k]!.push(time(pieces[k]![1]));
    hot[k]!.push(time(pieces[k]![1]));
  }
console.log(`${rounds} rounds; medians, wall µs:`);
console.table(
  pieces.map(([name], k) => ({
    piece: name,
    cold: median(cold[k]!).toFixed(2),
    hot: median(hot[k]!).toFixed(2),
  })),
);

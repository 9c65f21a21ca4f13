// Review 156 (2): hostile BFF answers to the seed route, the login and the two-factor code: a body
// past the adapter's cap, HTML, a dropped connection, a 401 on the code. Each is a typed error, the
// machine keeps running, and no frame shows a player or free to bet.

import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { turns, until } from '../support/event-loop';
import { SIGNED_OUT, send, useBff, useClients } from './bff';

const bffOf = useBff();
const clientOf = useClients();
type R = (res: ServerResponse) => void;
const huge: R = (res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(`{"status":"signedOut","pad":"${'x'.repeat(3_000_000)}"}`);
};
const html: R = (res) => {
  res.writeHead(200, { 'content-type': 'text/html' });
  res.end('<html><body>Bad gateway</body></html>');
};
const drop: R = (res) => res.socket?.destroy();
const out: R = (res) => send(res, 200, SIGNED_OUT);
const challenge: R = (res) => send(res, 200, { type: 'two_factor_code', message: 'code sent' });

async function run(session: R, login?: R, code?: R) {
  const bff = await bffOf();
  bff.handler = (q, res) => {
    if (q.path.startsWith('/pam/session')) return session(res);
    if (q.path.startsWith('/pam/auth/login'))
      return (q.body.includes('two_factor_code') ? code! : login!)(res);
    send(res, 404, {});
  };
  const { client } = clientOf(bff.url);
  const frames: { status: string; user: unknown; free: boolean }[] = [];
  client.subscribe((v) =>
    frames.push({ status: v.status, user: v.user, free: v.restrictions?.canBet === true }),
  );
  await client.ready;
  if (login) client.login({ login: 'player@example.com', password: 'Secret123!' });
  if (code) {
    await until(() => client.view.status === 'twoFactorRequired', 'code asked');
    client.submitCode('123456');
  }
  await turns(200);
  expect(frames.filter((f) => f.user !== null || f.free)).toEqual([]);
  return client;
}

describe('review156: hostile BFF answers', () => {
  for (const [label, session, code] of [
    ['the seed route: a body past the cap', huge, 'invalid_response'],
    ['the seed route: HTML under 200', html, 'invalid_response'],
    ['the seed route: a dropped connection', drop, 'network'],
  ] as const) {
    it(`${label}: signed out with a typed error, ready settled`, async () => {
      const client = await run(session);
      expect(client.view.status).toBe('signedOut');
      expect(client.view.error?.code).toBe(code);
    });
  }

  for (const [label, login, code] of [
    ['a login answer past the cap', huge, 'invalid_response'],
    ['a login answered HTML', html, 'invalid_response'],
    ['a login whose connection drops', drop, 'network'],
  ] as const) {
    it(`${label}: failed, typed`, async () => {
      const client = await run(out, login);
      expect(client.view.status).toBe('failed');
      expect(client.view.error?.code).toBe(code);
    });
  }

  for (const [label, answer, code] of [
    ['a 401 on the code', ((res) => send(res, 401, { message: 'Unauthenticated.' })) as R, 'unauthorized'],
    ['a dropped connection on the code', drop, 'network'],
  ] as const) {
    it(`${label}: back at the code step with a typed error, no player`, async () => {
      const client = await run(out, challenge, answer);
      expect(client.view.status).toBe('twoFactorRequired');
      expect(client.view.error?.code).toBe(code);
    });
  }
});

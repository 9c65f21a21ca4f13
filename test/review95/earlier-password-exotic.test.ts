// Review 95, DEFECT: a password an earlier call sent is scrubbed from a later error only by the 2xx
// rule (`errorsOnly` in src/http/held-secrets.ts: string values, `scrubbed(v, 1)`), not by the rule
// every error gets for its own call's secrets (`text`: keys, a cut echo, spaced-out or invisible
// characters). The same bodies quoting the same password in the error of the call that sent it are
// all scrubbed (control below); quoted by the next call, they reach the app.
import { describe, expect, it } from 'vitest';
import { useReferenceServer } from '../support/server';
import { client, failure, texts } from './helpers';

const ctx = useReferenceServer();
const PW = 'Hunter#2026';
const LONG = 'CorrectHorse#2026';

const cases: [string, string, unknown, (t: string) => boolean][] = [
  ['as a field error key', PW, { errors: { [PW]: ['is wrong'] } }, (t) => t.includes(PW)],
  ['spaced out', PW, { message: `rejected for ${[...PW].join(' ')}` }, (t) => t.includes([...PW].join(' '))],
  [
    'with a zero-width space',
    PW,
    { message: 'rejected for Hunter\u200b#2026' },
    (t) => t.includes('Hunter\u200b#'),
  ],
  [
    'cut short (14 of 17)',
    LONG,
    { message: `rejected for ${LONG.slice(0, 14)}…` },
    (t) => t.includes(LONG.slice(0, 14)),
  ],
];

describe("an earlier call's password in a later error, in forms the call's own error is scrubbed of", () => {
  for (const [name, password, body, leaks] of cases) {
    it(`control: ${name}, in the error of the call that sent it, is scrubbed`, async () => {
      const c = client(ctx.server);
      ctx.server.faults.add({ path: '/any/change', status: 422, body, times: 1 });
      const error = await failure(c.http.post('/any/change', { password }));
      expect(texts(error).filter(leaks)).toEqual([]);
    });

    it(`${name}, in the next call's error, is scrubbed too`, async () => {
      const c = client(ctx.server);
      await failure(c.auth.login({ login: ctx.server.seed.plain.email, password }));
      ctx.server.faults.add({ path: '/any/change', status: 422, body, times: 1 });
      const error = await failure(c.http.post('/any/change', { user_pause: 7 }));
      expect(texts(error).filter(leaks)).toEqual([]);
    });
  }
});

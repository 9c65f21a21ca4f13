// REVIEW-Q Q-2, over generated sequences of (wrong code, resend of the same login, login of another
// identifier, cancel): `codeAttemptsLeft` is 5 minus the codes rejected since the flow began for
// that identifier; a resend of the same login never resets it; the fifth rejected code of a
// challenge fails the login, and no more than five codes are ever sent in one challenge.

import fc from 'fast-check';
import { createCustomPamClient } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { until } from '../support/event-loop';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** An API whose every password needs a code, and which refuses every code (422). */
function codeRefusingApi() {
  const codes: string[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? (await new Request(input, init).text())));
    if (body.two_factor_code === undefined)
      return json(200, { type: 'two_factor_code', message: 'A code was sent.' });
    codes.push(body.login);
    return json(422, {
      message: 'Invalid two-factor code.',
      errors: { two_factor_code: ['The code is invalid.'] },
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, codes };
}

type Op = 'wrong' | 'resendSame' | 'resendOther' | 'cancel';
const LOGINS = ['a@example.com', 'b@example.com'] as const;
const busy = (c: { view: { status: string } }) => ['signingIn', 'verifyingCode'].includes(c.view.status);

describe('codeAttemptsLeft across resends (Q-2, property)', () => {
  it('counts the rejected codes of the challenge, never reset by a resend of the same login', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom<Op>('wrong', 'resendSame', 'resendOther', 'cancel'), { maxLength: 25 }),
        async (ops) => {
          const api = codeRefusingApi();
          const client = createCustomPamClient({ baseURL: 'https://pam.test', fetch: api.fetch, flows: [] });
          try {
            await until(() => client.view.status === 'signedOut', 'started');
            // The model: the flow's state, its identifier, the codes rejected in its challenge.
            let flow: 'none' | 'code' | 'failed' = 'code';
            let who = 0;
            let rejected = 0;
            let sentInChallenge = 0;
            let sentTotal = 0;
            const login = (i: number) => client.login({ login: LOGINS[i]!, password: 'Secret123!' });
            login(who);
            for (const op of ['start' as const, ...ops]) {
              if (op === 'wrong') {
                client.submitCode('000000');
                if (flow === 'code') {
                  rejected++;
                  sentInChallenge++;
                  sentTotal++;
                  if (rejected >= 5) flow = 'failed';
                }
              } else if (op === 'resendSame' || op === 'resendOther') {
                const next = op === 'resendSame' ? who : 1 - who;
                if (!(flow === 'code' && next === who)) {
                  rejected = 0;
                  sentInChallenge = 0;
                }
                flow = 'code';
                who = next;
                login(who);
              } else if (op === 'cancel') {
                client.cancel();
                flow = 'none';
                rejected = 0;
                sentInChallenge = 0;
              }
              await until(() => !busy(client), `${op} settled`);
              const v = client.view;
              expect(v.status).toBe(
                flow === 'code' ? 'twoFactorRequired' : flow === 'failed' ? 'failed' : 'signedOut',
              );
              expect(v.codeAttemptsLeft).toBe(flow === 'code' ? 5 - rejected : null);
              expect(sentInChallenge).toBeLessThanOrEqual(5);
            }
            // Exactly the codes sent at a code step went out: none while failed or signed out.
            expect(api.codes.length).toBe(sentTotal);
          } finally {
            client.stop();
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

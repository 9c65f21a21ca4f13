// Review 10, item O: the server render's `restrictions` were derived from the profile as the API
// sent it and returned so: an operator's or SPA's exclusion note echoing the session token (as
// sent, or percent-encoded) reached the page in `restrictions.inForce[].note` while `initial` and
// `player` showed `[redacted]`. Now every part of the view (and of the seed route) is scrubbed
// after it is derived: the judgement is still made on the read as sent, and a view whose
// scrubbing changed anything is not vouched for (`status: 'unknown'`, `canBet: false`).
// A hostile API on 127.0.0.1.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fullInfo, json, loginOk, pamFor, request, signIn, useHostile, user } from './hostile';

const hostile = useHostile();
/** A token with characters percent-encoding rewrites (`/`, `+`). */
const T = `eyJhbGciOiJIUzI1NiJ9.${'p'.repeat(40)}/sig+x`;
const FORMS = {
  verbatim: (t: string) => t,
  percent: (t: string) => encodeURIComponent(t),
  upper: (t: string) => t.toUpperCase(),
};

async function viewWith(info: Record<string, unknown>) {
  const api = await hostile.api();
  api.handler = (req, res) => {
    if (req.url === '/auth/login') return json(res, 200, loginOk({}, T));
    if (req.url?.startsWith('/auth/user-profile'))
      return json(res, 200, { user: user({ token: T }), userInfo: fullInfo(info) });
    return json(res, 200, {});
  };
  const pam = pamFor(api);
  const cookie = await signIn(pam);
  const view = await pam.getSession(request('/', { cookie }));
  const seed = await (await pam.handle(request('/pam/session', { cookie })))!.text();
  return { view, text: JSON.stringify(view), seed };
}

const leaks = (text: string) => Object.values(FORMS).filter((form) => text.includes(form(T)));

describe('O: the server render holds no token in any field', () => {
  it('exclusion notes echoing the token (as sent, percent-encoded): redacted in restrictions too', async () => {
    const { view, text, seed } = await viewWith({
      operator_exclusion: 1,
      operator_exclusion_at: '2026-01-01 10:00:00',
      operator_exclusion_note: `Conta suspensa (sessão ${T})`,
      spa_exclusion: 1,
      spa_exclusion_at: '2026-01-01 10:00:00',
      spa_exclusion_note: `SPA: ${encodeURIComponent(T)}`,
    });
    expect(leaks(text)).toEqual([]);
    expect(leaks(seed)).toEqual([]);
    expect(view.restrictions?.inForce.map((r) => r.note)).toEqual([
      'SPA: [redacted]',
      'Conta suspensa (sessão [redacted])',
    ]);
    expect(view.restrictions).toMatchObject({ status: 'unknown', canBet: false, accountBlocked: true });
  });

  it('property: the token echoed in any form in any string field of userInfo reaches no part of the view', async () => {
    const fields = ['operator_exclusion_note', 'spa_exclusion_note', 'login_at', 'user_limit_loss_period'];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...fields),
        fc.constantFrom(...(Object.keys(FORMS) as (keyof typeof FORMS)[])),
        fc.string({ maxLength: 8 }),
        async (field, form, around) => {
          const { view, text, seed } = await viewWith({
            operator_exclusion: 1,
            operator_exclusion_at: '2026-01-01 10:00:00',
            [field]: `${around}${FORMS[form](T)}${around}`,
          });
          expect(leaks(text)).toEqual([]);
          expect(leaks(seed)).toEqual([]);
          expect(view.restrictions?.canBet).toBe(false);
        },
      ),
      { numRuns: 25 },
    );
  });
});

// Severity: MEDIUM.
//
// Promise (docs/responsible-gaming.md): a profile read that "says the account is not active
// (`user.is_active: false`: what an inactive account may do is not stated)" shows `canBet` false
// with status `unknown`; "Tolerant reading ... a boolean or flag as `true`/`false`, `1`/`0`,
// `'1'`/`'0'`, `'true'`/`'false'` (a PHP back end with PDO's emulated prepares sends every column
// as a string)", one reader used by every reading. src/server/seed.ts `serverRestrictions`: "The
// session's rule too (`sessionRestrictionsOf`, pam-client/machines)".
//
// What happens: the server render (pam-client/server `getSession`'s `restrictions`, built by
// `serverRestrictions` on the upstream answer AS SENT) judges the standing with `accountStanding`,
// which compares `is_active` to the boolean `false` strictly. An inactive account answered as
// MySQL/PHP write it (`0`, `'0'`, `'0.00'`, `'false'`) with `cancelled_account: false` is read as
// open: `canBet` true, `accountBlocked` false, status `current`. The browser session reads the same
// answer through the schema (is_active read tolerantly: false) and shows it `unknown`, no betting:
// the two views of one profile disagree, and the server's fails open.
import { describe, expect, it } from 'vitest';
import { accountStanding } from '../../src/responsible-gaming/standing';
import { serverRestrictions } from '../../src/server/seed';
import { freeUserInfo } from '../support/free-user-info';

const NOW = Date.parse('2026-11-28T12:00:00Z');

describe('server render: an inactive account written as PHP writes it', () => {
  it.each([0, '0', '0.00', 'false', 'FALSE', ' 0 '])('is_active %j: not free to bet', (isActive) => {
    const r = serverRestrictions({ cancelled_account: false, is_active: isActive }, freeUserInfo(), NOW);
    expect(r.canBet).toBe(false);
    expect(r.accountBlocked).toBe(true);
    expect(r.status).toBe('unknown');
  });

  it.each([0, '0', 'false'])(
    'accountStanding reads is_active %j as the tolerant reader does (not open)',
    (isActive) => {
      expect(accountStanding({ cancelled_account: false, is_active: isActive })).toBe('unknown');
    },
  );
});

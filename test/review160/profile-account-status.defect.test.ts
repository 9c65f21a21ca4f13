// Review 160 (1): the profile read now goes through the write-envelope rule (`envelope: true` on
// GET_USER_PROFILE, src/operation/unconfirmed.ts). A profile that names the ACCOUNT's status at its
// top level (a KYC state such as `invalid_document`, `rejected_documents`, `denied_kyc`: words the
// widened `status` regex reads as "the call failed") is refused: restrictions never current, the
// player locked out of betting for as long as that account status lasts. Benign tops are guards.
import { describe, expect, it } from 'vitest';
import { restrictionsWith } from '../review156/profile-with';
import { useReferenceServer } from '../support/server';

const ctx = useReferenceServer();

describe('a profile whose top level names the account status', () => {
  it.each([['invalid_document'], ['rejected_documents'], ['denied_kyc']])(
    "status '%s' (a KYC state, the read succeeded): the restrictions are current",
    async (status) => {
      const { status: read, code } = await restrictionsWith(ctx.server, { status });
      expect({ status: read, code }).toEqual({ status: 'current', code: null });
    },
  );
});

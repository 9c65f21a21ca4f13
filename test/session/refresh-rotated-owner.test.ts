// A refresh refused (401) takes the newer token another client stored meanwhile only when it is
// of the same login (W1's note after review REV1 D3): a token another tab stored for another
// player is never returned as this login's refreshed token. The refresh's 401 then stands.
import { createMemoryTokenStore, UnauthorizedError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { createVault } from '../../machines/session/store';
import { soloRefresh } from '../support/guarded-refresh';

const A = { userId: 1, sid: 11 };

async function refreshWithStored(stored: { userId: number; sid: number; seq: number }) {
  const tokens = createMemoryTokenStore();
  const base = { tokenType: 'bearer', expiresAt: null, savedAt: 1_000, timeBase: 'server' as const };
  await tokens.set({ ...base, accessToken: 'token-of-a', userId: A.userId, sid: A.sid, seq: 3 });
  const vault = createVault();
  const auth = {
    refreshToken: async () => {
      // Meanwhile another client of the store saved its session, then the server refused ours.
      await tokens.set({ ...base, accessToken: 'token-rotated', ...stored });
      throw new UnauthorizedError({ status: 401, method: 'POST', path: '/users/refresh-token' });
    },
    logout: async () => {},
  };
  const refresh = soloRefresh({ auth, tokens, vault, owner: A });
  return {
    result: await refresh.refreshToken().then(
      (r) => r,
      (e: unknown) => e,
    ),
    vault,
  };
}

describe('guardedRefresh after a 401, with a newer token in the store', () => {
  it("another player's login: the 401 stands (nothing of B's is returned as A's)", async () => {
    const { result } = await refreshWithStored({ userId: 2, sid: 22, seq: 5 });
    expect(result).toBeInstanceOf(UnauthorizedError);
  });

  it("the same player's other login (another sid): the 401 stands", async () => {
    const { result } = await refreshWithStored({ userId: 1, sid: 99, seq: 5 });
    expect(result).toBeInstanceOf(UnauthorizedError);
  });

  it('the same login, rotated by another tab: taken, stamped as this login', async () => {
    const { result, vault } = await refreshWithStored({ ...A, seq: 5 });
    const answer = result as { access_token: string; owner: unknown };
    expect(answer.owner).toEqual(A);
    expect(vault.take(answer.access_token)).toBe('token-rotated');
  });
});

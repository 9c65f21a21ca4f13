// Holds (review 92): contracts and marketing consent refuse bad input, nothing sent.
import { describe, expect, it } from 'vitest';
import { createUserModule } from '../../src/user/index';

function rec() {
  const sent: [string, string, unknown][] = [];
  const f = (m: string) => async (path: string, body?: unknown) => {
    sent.push([m, path, body]);
    return {};
  };
  return { sent, http: { get: f('GET'), post: f('POST'), patch: f('PATCH'), delete: f('DELETE') } };
}

describe('consent input', () => {
  for (const bad of ['false', 'true', 0, 1, null, undefined, 'yes'])
    it(`updateMarketing({ mkt_accepted: ${JSON.stringify(bad)} }) is refused, nothing sent`, async () => {
      const { sent, http } = rec();
      const user = createUserModule(http as never);
      await expect(user.updateMarketing({ mkt_accepted: bad } as never)).rejects.toMatchObject({
        code: 'invalid_request',
      });
      expect(sent).toEqual([]);
    });
  for (const bad of ['', 'foo', '__proto__', 'TC', ' lgpd', 1, null, { type: 'lgpd' }])
    it(`updateContracts(${JSON.stringify(bad)}) is refused, nothing sent`, async () => {
      const { sent, http } = rec();
      const user = createUserModule(http as never);
      await expect(user.updateContracts(bad as never)).rejects.toMatchObject({ code: 'invalid_request' });
      expect(sent).toEqual([]);
    });
  it('updateMarketing with an extra key is refused', async () => {
    const { sent, http } = rec();
    const user = createUserModule(http as never);
    await expect(
      user.updateMarketing({ mkt_accepted: true, _method: 'DELETE' } as never),
    ).rejects.toMatchObject({
      code: 'invalid_request',
    });
    expect(sent).toEqual([]);
  });
});

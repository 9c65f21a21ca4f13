// Review 134 probe: the login's cleaning (`loginAsSent`) and the zod schema agree, and a CPF with a
// pasted invisible character is still sent as its digits.
import { describe, expect, it } from 'vitest';
import { LoginPayload } from '../../src/schemas/auth';

describe('review 134: login cleaning', () => {
  it('a CPF with a zero-width space is sent as digits', () => {
    const r = LoginPayload.safeParse({ login: '529.982.247-25\u200b', password: 'x' });
    expect(r.success && r.data.login).toBe('52998224725');
  });
  it('a control character is refused, a format character dropped', () => {
    expect(LoginPayload.safeParse({ login: 'a@b.co\u0007', password: 'x' }).success).toBe(false);
    const r = LoginPayload.safeParse({ login: '\ufeffa@b.co\u200d', password: 'x' });
    expect(r.success && r.data.login).toBe('a@b.co');
  });
});

// Review 133 (LOW, defect): the `login` of login/forgotPassword is only trimmed (JS white space).
// A pasted e-mail with an invisible character (ZERO WIDTH SPACE, a BOM inside, a soft hyphen) or a
// control character (NUL, a line break inside) is SENT as is: the right password answers 401 and
// spends a login attempt (the server counts failures per login). The same paste is cleaned when the
// login is a CPF (`loginAsSent` -> `documentText` strips it) and in a 2FA code (`typedText`: "a
// pasted '123456\u200B' spent one of the five attempts", REVIEW-AC AC-3). Expected: cleaned as a
// CPF login is (sent without it), or refused (`invalid_request`) with nothing sent.
import { describe, expect, it } from 'vitest';
import { useReferenceServer } from '../support/server';
import { modsOf, verdict } from './support';

const ctx = useReferenceServer();

describe('review 133: a login with an invisible or control character is sent as is (defect)', () => {
  it.each([
    ['a trailing ZERO WIDTH SPACE', '\u200b'],
    ['a trailing soft hyphen', '\u00ad'],
    ['a trailing NUL', '\u0000'],
    ['a trailing bidi override', '\u202e'],
  ])('auth.login with %s: cleaned or refused, never sent as is', async (_n, junk) => {
    const { auth } = modsOf(ctx);
    const { email, password } = ctx.server.seed.plain;
    const before = ctx.server.requests.length;
    const code = await verdict(ctx, () => auth.login({ login: `${email}${junk}`, password }));
    const sent = ctx.server.requests.slice(before).map((r) => (r.body as { login?: string }).login);
    expect(['resolved/1 player@example.com', 'invalid_request/0 ']).toContain(`${code} ${sent.join(',')}`);
  });

  it('the same paste: cleaned after a CPF login, kept after an e-mail login', async () => {
    const { auth } = modsOf(ctx);
    const before = ctx.server.requests.length;
    await auth.login({ login: '529.982.247-25\u200b', password: 'x' }).catch(() => undefined);
    const cpf = (ctx.server.requests[before]?.body as { login?: string } | undefined)?.login;
    // ...whereas an e-mail login keeps it: this line is the defect.
    await auth.login({ login: 'player@example.com\u200b', password: 'x' }).catch(() => undefined);
    const mail = (ctx.server.requests[before + 1]?.body as { login?: string } | undefined)?.login;
    expect([cpf, mail]).toEqual(['52998224725', 'player@example.com']);
  });

  it.each([
    ['a line break inside', 'player@example.com\r\nBcc: all@example.com'],
    ['a NUL inside', 'player\u0000@example.com'],
  ])('forgotPassword with %s: invalid_request, nothing sent', async (_n, login) => {
    const { auth } = modsOf(ctx);
    expect(await verdict(ctx, () => auth.forgotPassword({ login }))).toBe('invalid_request/0');
  });
});

// Review 97, DEFECT (LOW): only a `code` that is a plain word is spared (`WORD` in
// src/http/held-secrets.ts `errorsOnly`). A server-session proxy's verdict word sits under `pam`
// (`invalid_request`, `signed_out`: machines/server-session/auth.ts `asCoreError`, kept-login.ts),
// and a `code` with a digit (`limit_24h`) is no `WORD`: a wrong password `invalid` rewrites them,
// so the proxy's refusal stays a plain HttpError (not the RequestValidationError it is).
import { describe, expect, it } from 'vitest';
import { asCoreError } from '../../machines/server-session/auth';
import { errorAfter, json, useRaw } from './helpers';

const ref = useRaw();

describe("a wrong password that is part of a later error's verdict word", () => {
  it('password "invalid": a proxy 400 `pam: invalid_request` is still a RequestValidationError', async () => {
    const e = await errorAfter(
      ref.raw,
      { password: 'invalid' },
      json(400, {
        pam: 'invalid_request',
        issues: [{ path: ['login'], code: 'too_big', message: 'too long' }],
      }),
    );
    expect((e.body as { pam: string }).pam).toBe('invalid_request');
    expect((asCoreError('login', e) as { code: string }).code).toBe('invalid_request');
  });

  it('password "limit": a `code` with a digit (`limit_24h`) stays', async () => {
    const e = await errorAfter(ref.raw, { password: 'limit' }, json(422, { code: 'limit_24h' }));
    expect((e.body as { code: string }).code).toBe('limit_24h');
  });
});

import { inspect } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAuthModule, createOfetchAdapter, RequestValidationError, Secret } from '../../src/index';
import { useReferenceServer } from '../support/server';

// REVIEW-J LOW-3: a request payload whose KEY spells its own password (`{ "<password>": 1 }`, a form
// that put the value where a name goes) was refused before sending, as it should, but the refusal
// quoted the key: "Invalid login request: <password>: is not a known field", and in `issues[].path`.
// A request's refusal is scrubbed of the secrets the request holds, as an answer's is of the secrets
// its request sent. Nothing is sent (counted at the reference server).

const ctx = useReferenceServer();
const password = fc
  .string({ minLength: 8, maxLength: 40 })
  .filter((p) => p.trim().length >= 8 && !/^\d+$/.test(p));

function shown(error: unknown): string {
  const e = error as RequestValidationError;
  // (Less the stack's frames: file paths and function names, which a generated password such as
  // `property` or `node_modules` spells without any secret in them.)
  const inspected = inspect(e, { depth: 5 }).replace(/^\s+at .*$/gm, '');
  return [e.message, JSON.stringify(e.issues), JSON.stringify(e), inspected].join('\n');
}

describe('a payload key that spells the password is never quoted (REVIEW-J LOW-3)', () => {
  it('property: login, the password a string or a Secret, spelt as a key of the payload', async () => {
    const auth = createAuthModule(createOfetchAdapter({ baseURL: ctx.server.url }));
    await fc.assert(
      fc.asyncProperty(password, fc.boolean(), async (pw, boxed) => {
        const before = ctx.server.requests.length;
        const error = await auth
          .login({ login: 'ana@example.com', password: boxed ? new Secret(pw) : pw, [pw]: 1 } as never)
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(RequestValidationError);
        expect(shown(error)).not.toContain(pw);
        expect((error as RequestValidationError).issues.length).toBeGreaterThan(0);
        expect(ctx.server.requests.length).toBe(before);
      }),
      { numRuns: 60 },
    );
  });

  it('the example of the review', async () => {
    const auth = createAuthModule(createOfetchAdapter({ baseURL: ctx.server.url }));
    const pw = 'Zx9#long-enough-password';
    const error = await auth
      .login({ login: 'ana@example.com', password: pw, [pw]: 1 } as never)
      .catch((e) => e);
    expect(shown(error)).not.toContain(pw);
    expect((error as RequestValidationError).issues[0]).toMatchObject({ code: 'unrecognized_key' });
  });
});

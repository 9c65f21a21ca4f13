import { isPamError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { attachScrubber, createScrubber } from '../../src/errors/scrub';
import { parseResponse } from '../../src/schemas/common';
import { signedIn, useReferenceServer } from '../support/server';

// REVIEW-AA AA-7: a failed schema check of a 2xx scrubbed its issues' PATH with the text rule, so a
// short password ('e') rewrote the schema's own field name (`['succ[redacted]ss']`) and
// `fieldErrors`/`describeError` keyed on a garbled name. A path segment is a key of the answer: it
// is scrubbed by the documented key rule (a short secret only as the whole key, one of letters
// only as a whole word of a plain identifier, an unambiguous one anywhere), as the answer's keys
// are; messages stay scrubbed as text.

const ctx = useReferenceServer();
const PATH = '/bff/users/check-password';
const issuesOf = async (password: string, body: unknown) => {
  const { user } = signedIn(ctx.server);
  ctx.server.faults.add({ path: PATH, status: 200, body, times: 1 });
  const e = await user.checkPassword({ password }).then(
    () => undefined,
    (x: unknown) => x,
  );
  if (!isPamError(e) || e.code !== 'invalid_response')
    throw new Error(`not an invalid_response: ${String(e)}`);
  return (e as unknown as { issues: { path: (string | number)[]; message: string }[] }).issues;
};

describe('issue paths of a 2xx that fails its schema keep the field names (AA-7)', () => {
  for (const password of ['e', 'x', 's', 'ss', 'cc'])
    it(`password ${JSON.stringify(password)}: the path is ['success']`, async () => {
      const issues = await issuesOf(password, { success: 'yes' });
      expect(issues.map((i) => i.path)).toEqual([['success']]);
    });

  it('a password echoed as an unknown key of the answer is still hidden in the path', () => {
    for (const pw of ['Hunter2Hunter2', 'e', 'success']) {
      const answer = { success: true, [pw]: 1, [`x_${pw}_y`]: 2 };
      attachScrubber(answer, createScrubber([pw]));
      let thrown: unknown;
      try {
        parseResponse('checkPassword', z.strictObject({ success: z.boolean() }), answer);
      } catch (e) {
        thrown = e;
      }
      const paths = (thrown as { issues: { path: unknown[] }[] }).issues.map((i) => i.path);
      // The whole key that is the password, hidden; an unambiguous one anywhere in a key.
      expect(paths).toContainEqual(['[redacted]']);
      if (pw.length > 7) expect(JSON.stringify(paths)).not.toContain(pw);
      else expect(paths).toContainEqual([`x_${pw}_y`]);
    }
  });
});

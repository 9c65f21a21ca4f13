// Review 45, finding 4 (low): `secretValuesOf` (49a3c071, now iterative) marks an object seen on
// its first visit, whatever key led there: an object reached under a secret key (`password`,
// `token`, ...) and also under a plain key yields its strings only when the secret key's visit comes
// first. The new stack pops the LAST key first, so `{ password: shared, meta: shared }` (found
// before the commit) now yields nothing, and `{ meta: shared, password: shared }` yields it (missed
// before): which secrets are scrubbed from an error (ofetch-adapter.ts) or hunted in the proxy's
// answers (handle.ts) depends on key order. The proxy's own bodies come from JSON.parse (nothing
// shared); a `client.http` body built by the app can share. A cycle guard keyed by the object alone
// cannot tell the two visits apart: it wants (object, underSecretKey).

import { describe, expect, it } from 'vitest';
import { secretValuesOf } from '../../src/secrets/secret';

describe('secretValuesOf with one object under a secret key and a plain key', () => {
  const shared = { value: 'hunter22' };
  it.each([
    ['secret key first', { password: shared, meta: shared }],
    ['plain key first', { meta: shared, password: shared }],
    ['in an array', [{ password: shared }, { note: shared }]],
  ])('%s: the password is found', (_, body) => {
    expect(secretValuesOf(body)).toContain('hunter22');
  });
});

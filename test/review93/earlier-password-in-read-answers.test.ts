// REVIEW93: the player's password, sent earlier in the session as `password_check` (a step-up of
// updateAddress), comes back in a later read's answer or error and reaches the app. The contract
// (docs API.md, Errors): "No error message or toJSON() ever contains a password"; a server "may
// echo inputs back". Over real sockets: the reference server, faulted for the echo.
// Root cause: src/http/ofetch-adapter.ts `UNGUESSABLE` / `hold`: only values of 16+ token
// characters are held for later answers, so a password ('Secret123!') is scrubbed from its own
// call's answer only; a GET sends no password, so its scrubber (`scrubberOf`) has nothing to hunt.
// For a 2xx, src/schemas/readers/user.ts `UserAddressRun` / `SocialAccountsRun` (loose objects)
// keep every other key as sent, a `password_check` key included.
import { describe, expect, it } from 'vitest';
import { isPamError } from '../../src/index';
import { signedIn, useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
const ADDRESS = { street: 'Rua Augusta, 1500', city: 'São Paulo', state: 'SP', zipcode: '01310-100' };

/** Signed in, with the player's password sent once (an address change with its step-up). */
async function afterPasswordSent() {
  const session = signedIn(ctx.server);
  const password = ctx.server.seed.plain.password;
  await session.user.updateAddress({ ...ADDRESS, password_check: password });
  expect(ctx.server.requests.at(-1)?.body).toMatchObject({ password_check: password });
  return { ...session, password };
}

describe('an earlier password echoed by a later read never reaches the app', () => {
  it('in the message of a 422 answered to getLoginHistory', async () => {
    const { user, password } = await afterPasswordSent();
    ctx.server.faults.add({
      path: '/bff/users/login-history',
      status: 422,
      body: { message: `rejected for ${password}`, errors: { page: [`bad ${password}`] } },
    });
    const error = await user.getLoginHistory().catch((e: unknown) => e);
    expect(isPamError(error)).toBe(true);
    expect((error as Error).message).not.toContain(password);
    expect(JSON.stringify(error)).not.toContain(password);
  });

  // Left (a known limit, review 93): a 2xx answer is the app's data, and a short secret sent
  // earlier is not scrubbed from it (review F: a wrong password that is an e-mail or a CPF rewrote
  // the profile's fields when it was). Errors are scrubbed of it for 10 minutes (above). This
  // `fails` turns red when a later change scrubs it: then make it a plain test.
  it.fails('in a 2xx address answer (kept as one of its other keys)', async () => {
    const { user, password } = await afterPasswordSent();
    ctx.server.faults.add({
      path: '/bff/users/address-by-user',
      status: 200,
      body: { ...ADDRESS, password_check: password, note: `checked with ${password}` },
    });
    const address = await user.getAddress();
    expect(JSON.stringify(address)).not.toContain(password);
  });
});

// Review 124 helpers: a user module on the reference server, and a refused-and-unsent check
// (the requests counted at the server, over a real socket).
import { createOfetchAdapter, createUserModule, type UserModule } from '../../src/index';
import type { ServerFixture } from '../support/server';

export function userOf(ctx: ServerFixture, who: 'plain' | 'twoFactor' = 'plain'): UserModule {
  const token = ctx.server.issueToken(ctx.server.seed[who].id);
  return createUserModule(createOfetchAdapter({ baseURL: ctx.server.url, getAccessToken: () => token }));
}

/** `<error code>/<requests the server received>` of a call. */
export async function refusedUnsent(ctx: ServerFixture, call: () => Promise<unknown>): Promise<string> {
  const before = ctx.server.requests.length;
  const code = await call().then(
    () => 'resolved',
    (e: { code?: string }) => e?.code ?? String(e),
  );
  return `${code}/${ctx.server.requests.length - before}`;
}

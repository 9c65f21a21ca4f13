// (Not a test: helpers.) Clients on a real adapter over the reference server, and what reaches the app.
import { inspect } from 'node:util';
import { expect } from 'vitest';
import { createAuthModule, createOfetchAdapter, createUserModule, type HttpAdapter } from '../../src/index';
import type { ReferenceServer } from '../../src/testing/index';
import { ENCODERS } from '../errors/encoders';
import { reachableStrings } from '../support/reachable';

/** The texts of `value` an app may read: its strings, `inspect`, JSON (keys too). */
export const texts = (value: unknown) => [
  ...reachableStrings(value),
  inspect(value, { depth: 8 }),
  JSON.stringify(value) ?? '',
];

/** The texts of `value` holding `secret` as sent or in a back end's encoding of it (`ENCODERS`). */
export function holding(value: unknown, secret: string): string[] {
  const forms = Object.values(ENCODERS).map((encode) => encode(secret).toLowerCase());
  return texts(value).filter((t) => forms.some((f) => t.toLowerCase().includes(f)));
}

export function client(server: ReferenceServer) {
  const store: { token: string | null } = { token: null };
  const http: HttpAdapter = createOfetchAdapter({
    baseURL: server.url,
    getAccessToken: () => store.token,
    retry: 0,
  });
  return { store, http, auth: createAuthModule(http), user: createUserModule(http) };
}

export const failure = (call: Promise<unknown>) =>
  call.then(
    () => expect.unreachable('the call should fail'),
    (e: unknown) => e,
  );

// (Not a test: helpers.) An adapter over a raw node:http server on 127.0.0.1: one call sends a
// secret (held for later errors), the next gets the error a test sets.
import { afterAll, beforeAll } from 'vitest';
import { createOfetchAdapter, type HttpAdapter, type HttpError } from '../../src/index';
import { type RawAnswer, type RawServer, startRawServer } from '../review93/raw-server';

export function useRaw() {
  const ref = {} as { raw: RawServer };
  beforeAll(async () => {
    ref.raw = await startRawServer();
  });
  afterAll(() => ref.raw.close());
  return ref;
}

export const adapterOn = (raw: RawServer): HttpAdapter => createOfetchAdapter({ baseURL: raw.url, retry: 0 });

/** `held` sent by one call (answered `first`), then the error `later` answers another call with. */
export async function errorAfter(
  raw: RawServer,
  held: Record<string, unknown>,
  later: RawAnswer,
  first: RawAnswer = { status: 401, body: '{"message":"Credenciais inválidas"}' },
  http = adapterOn(raw),
): Promise<HttpError> {
  raw.answer(first);
  await http.post('/auth/login', { login: 'ana@example.com', ...held }).catch(() => undefined);
  raw.answer(later);
  return http.post('/users/limits', { user_pause: 7 }).then(
    () => {
      throw new Error('the call should fail');
    },
    (e: HttpError) => e,
  );
}

export const json = (status: number, body: unknown): RawAnswer => ({ status, body: JSON.stringify(body) });

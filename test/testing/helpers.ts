import type { ReferenceServer, SeedAccount } from 'pam-client/testing';

export interface Answer {
  status: number;
  headers: Headers;
  /** Parsed JSON when the body is JSON, the text otherwise, undefined when empty. */
  body: unknown;
  // biome-ignore lint/suspicious/noExplicitAny: tests read deep into answers without ceremony
  json: any;
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Plain fetch over a real socket, JSON in and out. */
export async function call(
  server: ReferenceServer,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const text = await res.text();
  let body: unknown = text === '' ? undefined : text;
  if ((res.headers.get('content-type') ?? '').includes('json') && text !== '') body = JSON.parse(text);
  return { status: res.status, headers: res.headers, body, json: body };
}

export async function login(server: ReferenceServer, account: SeedAccount, code?: string): Promise<string> {
  const body: Record<string, string> = { login: account.email, password: account.password };
  if (code) body.two_factor_code = code;
  const res = await call(server, 'POST', '/auth/login', { body });
  if (res.status !== 200 || typeof res.json.access_token !== 'string') {
    throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.json.access_token;
}

/** A settable clock for the server's `now` option. */
export function manualClock(start = Date.parse('2025-03-01T12:00:00.000Z')) {
  let current = start;
  return {
    now: () => current,
    set: (ms: number) => {
      current = ms;
    },
    advance: (ms: number) => {
      current += ms;
    },
    start,
  };
}

export const INVALID = 'The given data was invalid.';

// What the reference server is given by a test author is checked where it is given: a fault spec
// or an option it cannot honour throws a TypeError naming the field, at once, instead of turning
// every later request into a 500 (or a raw TypeError deep inside one).

import { cpfDigits, isValidCpf } from './cpf';
import type { FaultSpec, ReferenceOptions } from './types';

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

function refuse(where: string, field: string, what: string): never {
  throw new TypeError(`${where}: \`${field}\` must be ${what}.`);
}

const isCount = (v: unknown, min: number): boolean => typeof v === 'number' && Number.isFinite(v) && v >= min;

/** The fault spec, checked; a copy the caller cannot change afterwards. */
export function checkedFault(fault: unknown): FaultSpec {
  const at = 'faults.add';
  if (!fault || typeof fault !== 'object') refuse(at, 'fault', 'an object');
  const spec = { ...(fault as FaultSpec) };
  const { path, method, status, body, contentType, headers, delayMs, hang, drop, times } = spec;
  if (!(path instanceof RegExp) && !(typeof path === 'string' && path.startsWith('/'))) {
    refuse(at, 'path', "a RegExp or a string starting with '/'");
  }
  if (method !== undefined && !(typeof method === 'string' && TOKEN.test(method)))
    refuse(at, 'method', 'an HTTP method');
  if (status !== undefined && !(Number.isInteger(status) && status >= 200 && status <= 599)) {
    refuse(at, 'status', 'an integer from 200 to 599');
  }
  if (times !== undefined && !(Number.isInteger(times) && times >= 1))
    refuse(at, 'times', 'an integer of at least 1');
  if (delayMs !== undefined && !isCount(delayMs, 0))
    refuse(at, 'delayMs', 'a finite number of milliseconds, 0 or more');
  if (hang !== undefined && typeof hang !== 'boolean') refuse(at, 'hang', 'a boolean');
  if (drop !== undefined && typeof drop !== 'boolean') refuse(at, 'drop', 'a boolean');
  try {
    // A function or a Symbol is written as nothing (undefined): as unwritable as a BigInt.
    if (body !== undefined && typeof body !== 'string' && JSON.stringify(body) === undefined) throw 0;
  } catch {
    refuse(at, 'body', 'a string or a value JSON can write');
  }
  try {
    if (contentType !== undefined) new Headers({ 'content-type': contentType as string });
    if (typeof contentType !== 'string' && contentType !== undefined) throw 0;
  } catch {
    refuse(at, 'contentType', 'a valid Content-Type header value');
  }
  try {
    if (headers !== undefined) {
      if (!headers || typeof headers !== 'object') throw 0;
      for (const value of Object.values(headers)) if (typeof value !== 'string') throw 0;
      new Headers(headers);
    }
  } catch {
    refuse(at, 'headers', 'an object of valid header names and string values');
  }
  return spec;
}

/** The server's options, checked (absent ones keep their defaults). */
export function checkOptions(options: ReferenceOptions & { port?: unknown }): void {
  const at = 'pam-client/testing';
  if (!options || typeof options !== 'object') refuse(at, 'options', 'an object');
  const { now, tokenTtlSeconds, reportStepMs, port } = options;
  if (now !== undefined && typeof now !== 'function')
    refuse(at, 'now', 'a function returning epoch milliseconds');
  if (tokenTtlSeconds !== undefined && !(isCount(tokenTtlSeconds, 0) && tokenTtlSeconds > 0)) {
    refuse(at, 'tokenTtlSeconds', 'a finite number of seconds above 0');
  }
  if (reportStepMs !== undefined && !isCount(reportStepMs, 0))
    refuse(at, 'reportStepMs', 'a finite number of milliseconds, 0 or more');
  if (port !== undefined && !(Number.isInteger(port) && (port as number) >= 0 && (port as number) <= 65535)) {
    refuse(at, 'port', 'an integer from 0 to 65535');
  }
}

/** The CPF's digits, or a TypeError (11 digits with wrong check digits, or all equal, are no CPF). */
export function checkedCpf(cpf: unknown): string {
  const digits = typeof cpf === 'string' ? cpfDigits(cpf) : null;
  if (!digits || !isValidCpf(digits))
    refuse('setSpaBarred', 'cpf', 'a valid CPF (11 digits, right check digits)');
  return digits;
}

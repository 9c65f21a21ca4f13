import { inspect } from 'node:util';

/** Strings planted in requests; none may ever surface in an error, log or snapshot. */
export const CANARY = {
  password: 'canary-PASSWORD-7f3a9',
  code: 'canary-CODE-55120',
  captcha: 'canary-CAPTCHA-0b1e',
  token: 'canary-TOKEN-c0ffee',
} as const;

/** Every way an error can be looked at: message, stack, JSON, inspect, and its cause chain. */
export function everythingAbout(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 10; depth++) {
    if (current instanceof Error) {
      parts.push(current.message, String(current.stack));
    }
    parts.push(JSON.stringify(current) ?? '', inspect(current, { depth: 10, showHidden: false }));
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join('\n');
}

export function leakedCanaries(text: string): string[] {
  return Object.values(CANARY).filter((c) => text.includes(c));
}

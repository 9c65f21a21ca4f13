import fc from 'fast-check';

// Variants of a base64 or JWT-like token's encoding, written from RFC 4648 (sections 3.2, 4, 5) and
// the WHATWG form decoding, independently of src/errors/scrub.ts.

/** Random bytes as base64 (with `+`, `/` and padding as they fall). */
const base64Token = fc
  .uint8Array({ minLength: 12, maxLength: 90 })
  .map((b) => Buffer.from(b).toString('base64'));

/** A JWT: three base64url parts joined by dots, never padded. */
const jwt = fc
  .tuple(
    fc.uint8Array({ minLength: 8, maxLength: 40 }),
    fc.uint8Array({ minLength: 8, maxLength: 120 }),
    fc.uint8Array({ minLength: 16, maxLength: 64 }),
  )
  .map((parts) => parts.map((b) => Buffer.from(b).toString('base64url')).join('.'));

/** An opaque token over the base64 alphabet, padded or not. */
const opaque = fc
  .tuple(fc.stringMatching(/^[A-Za-z0-9+/]{16,80}$/), fc.constantFrom('', '=', '=='))
  .map(([body, pad]) => body + pad);

/** Tokens with at least one character a variant changes. */
export const variantToken = fc.oneof(base64Token, jwt, opaque).filter((t) => /[-+/_=]/.test(t));

/** The variants, by name: each is a form of the same bytes (or of the same form-decoded text). */
const VARIANTS: Readonly<Record<string, (t: string) => string>> = {
  'without padding': (t) => t.replace(/=+$/, ''),
  base64url: (t) => t.replace(/\+/g, '-').replace(/\//g, '_'),
  'base64 (from base64url)': (t) => t.replace(/-/g, '+').replace(/_/g, '/'),
  'form-decoded (+ as a space)': (t) => t.replace(/\+/g, ' '),
};

/** One or more variants applied in turn (base64url then unpadded, base64 then form-decoded...). */
export const variantOf = fc
  .subarray(Object.keys(VARIANTS), { minLength: 1 })
  .map((names) => ({ names, apply: (t: string) => names.reduce((v, n) => VARIANTS[n]!(v), t) }));

/** How the echo sits in a value. */
export const EMBEDDINGS: Readonly<Record<string, (v: string) => string>> = {
  'the whole value': (v) => v,
  'in a sentence': (v) => `your session ${v} expires soon`,
  'after Bearer': (v) => `Bearer ${v}`,
  'in a query': (v) => `https://x.example/cb?token=${v}&state=1`,
  'in JSON': (v) => JSON.stringify({ jwt: v }),
  'in a cookie': (v) => `session=${v}; path=/`,
};

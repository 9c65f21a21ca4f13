import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../../src/errors/validation';
import { isSecret, Secret, secret } from '../../src/secrets';
import { REDACTED } from '../../src/secrets/redact';
import { reveal } from '../../src/secrets/secret';

const CANARY = 'canary-5ecr3t-Pa55';

describe('Secret', () => {
  it('gives the value only through reveal()', () => {
    const s = secret(CANARY);
    expect(s).toBeInstanceOf(Secret);
    expect(s.reveal()).toBe(CANARY);
    expect(reveal(s)).toBe(CANARY);
    expect(reveal('plain')).toBe('plain');
  });

  it('shows [redacted] in every textual form', () => {
    const s = secret(CANARY);
    expect(REDACTED).toBe('[redacted]');
    expect(String(s)).toBe(REDACTED);
    expect(s.toString()).toBe(REDACTED);
    expect(`${s}`).toBe(REDACTED);
    expect(`x${s}`).toBe(`x${REDACTED}`);
    expect(s.toJSON()).toBe(REDACTED);
    expect(JSON.stringify({ password: s, nested: [s] })).toBe(
      '{"password":"[redacted]","nested":["[redacted]"]}',
    );
    expect(inspect(s)).toBe(REDACTED);
    expect(inspect({ deep: { deeper: { s } } }, { depth: 10, showHidden: true })).not.toContain(CANARY);
    expect(Object.keys(s)).toEqual([]);
    expect(JSON.stringify({ ...s })).toBe('{}');
    expect(JSON.stringify(structuredClone({ s }))).not.toContain(CANARY);
  });

  it('is frozen and refuses non-strings', () => {
    const s = secret(CANARY);
    expect(Object.isFrozen(s)).toBe(true);
    expect(() => {
      (s as unknown as { extra: number }).extra = 1;
    }).toThrow(TypeError);
    // Y-4: a typed error (test/secrets/secret-non-string.test.ts), no raw TypeError.
    expect(() => secret(42 as unknown as string)).toThrow(RequestValidationError);
  });

  it('secret() returns an existing Secret as it is', () => {
    const s = secret(CANARY);
    expect(secret(s)).toBe(s);
  });
});

describe('isSecret', () => {
  it('recognises Secrets and nothing else', () => {
    expect(isSecret(secret('x'))).toBe(true);
    expect(isSecret(new Secret(''))).toBe(true);
    for (const other of ['x', null, undefined, 1, {}, { reveal: () => 'x' }, [], REDACTED]) {
      expect(isSecret(other)).toBe(false);
    }
  });

  it('recognises a Secret from another copy of the library by its brand', () => {
    // What a second bundle copy would build: a different class with the same registered brand.
    class ForeignSecret {
      readonly #v: string;
      constructor(v: string) {
        this.#v = v;
      }
      get [Symbol.for('pam-client.secret')]() {
        return true;
      }
      reveal() {
        return this.#v;
      }
    }
    const foreign = new ForeignSecret(CANARY);
    expect(foreign).not.toBeInstanceOf(Secret);
    expect(isSecret(foreign)).toBe(true);
    expect(reveal(foreign as unknown as Secret)).toBe(CANARY);
  });
});

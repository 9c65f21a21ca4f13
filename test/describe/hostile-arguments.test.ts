// REVIEW-O 5: the helpers every failure path leans on never throw a foreign error. describeError
// of an error whose reading throws (a Proxy trap, a getter) gives the generic description, with
// the trap's message nowhere; redactInspection of what is no observer is a typed
// ConfigurationError at once (not a raw TypeError, not an inspector that silently does nothing).
import { describe, expect, it } from 'vitest';
import { createDescribeError, describeError, errorMessagesEn } from '../../src/describe/index';
import { isPamError } from '../../src/errors/index';
import { redactInspection } from '../../src/secrets/index';

const trap = (text: string) =>
  new Proxy(
    {},
    {
      get() {
        throw new Error(text);
      },
      has() {
        throw new Error(text);
      },
      getPrototypeOf() {
        throw new Error(text);
      },
      ownKeys() {
        throw new Error(text);
      },
    },
  );

describe('hostile arguments to the failure helpers', () => {
  it('describeError of an unreadable error (or options) is the generic description', () => {
    const one = createDescribeError(errorMessagesEn);
    for (const [error, options] of [
      [trap('de trap hunter2'), { locale: 'en' }],
      [new Error('x'), trap('opts trap hunter2')],
    ] as const) {
      for (const d of [describeError, one]) {
        const out = d(error, options as never);
        expect(out.code).toBe('unknown');
        expect(typeof out.title).toBe('string');
        expect(JSON.stringify(out)).not.toContain('hunter2');
      }
    }
  });

  it('redactInspection of what is no observer is a ConfigurationError', () => {
    for (const bad of [null, undefined, 5, 'x', true]) {
      let thrown: unknown;
      try {
        redactInspection(bad as never);
      } catch (e) {
        thrown = e;
      }
      expect(isPamError(thrown) && thrown.code).toBe('configuration');
    }
    expect(typeof redactInspection({ next: () => {} }).next).toBe('function');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readInteger, readText } from '../../src/schemas/common';
import {
  boolean,
  type Issue,
  kept,
  list,
  nonEmpty,
  object,
  optional,
  type Run,
  string,
  Text,
  tolerant,
} from '../../src/schemas/readers/core';

// Issue 33 (speed): `object` reads its fields in the order of `Object.entries(shape)` and gives each
// field's reader ONE list of issues for all its fields (emptied after each), no new list per field.
// The oracle: `object` as it was (a copy), built of the same readers; both give the same value,
// the same issues (codes, paths, fields, order), and read a getter or a Proxy's traps alike.
function before(shape: Record<string, Run>, rest?: 0 | 1): Run {
  const keys = Object.keys(shape);
  const asSent = (v: unknown) => v;
  const AS_SENT = Object.assign(asSent, { k: 1 as const });
  return (input, issues) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      issues.push({ code: 'invalid_type', path: [], expected: 'object' });
      return input;
    }
    const inp = input as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    const field = (key: string, run: Run) => {
      const own: Issue[] = [];
      const value = run(inp[key], own);
      const present = key in inp;
      if (!present && run.k === 2) return;
      for (const issue of own) issues.push({ ...issue, path: [key, ...issue.path] });
      if (!present && !run.k) {
        if (!own.length) issues.push({ code: 'invalid_type', path: [key], expected: 'nonoptional' });
      } else if (value !== undefined || present) out[key] = value;
    };
    for (const key of keys) field(key, shape[key]!);
    if (rest !== undefined) {
      const unknown: string[] = [];
      for (const key in inp) {
        if (keys.includes(key)) continue;
        if (!rest) unknown.push(key);
        else if (key !== '__proto__') field(key, AS_SENT);
      }
      if (unknown.length) issues.push({ code: 'unrecognized_keys', path: [], keys: unknown, continue: true });
    }
    return out;
  };
}

// One shape of each kind of field (required, optional, tolerant, kept, nested, listed), the
// nested ones built by the same maker (old or new) as the outer one.
const shapes = (make: typeof object) => {
  const inner = make({ a: string, b: optional(boolean), c: Text }, 0);
  return [
    make({ a: string, b: optional(nonEmpty()), c: tolerant(readInteger, 'an integer'), d: Text }),
    make({ x: inner, y: optional(inner), z: list(inner), w: kept(readText) }, 1),
    make({ x: make({ y: make({ z: string }, 0) }, 0), n: tolerant(readText, 'a string', 1) }, 0),
  ];
};
const NEW = shapes(object);
const OLD = shapes(before);

const leaf = fc.oneof(
  fc.string({ maxLength: 3 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
);
const keyOf = fc.constantFrom('a', 'b', 'c', 'd', 'x', 'y', 'z', 'w', 'n', 'extra', '__proto__');
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  v: fc.oneof({ depthSize: 'small' }, leaf, tie('o'), fc.array(tie('v'), { maxLength: 3 })),
  o: fc.dictionary(keyOf, tie('v'), { maxKeys: 5 }),
})).v;
// A Proxy whose `has` denies some keys it holds (or holds some it lacks), counting its traps.
const lying = (target: object, denied: string[], log: string[]) =>
  new Proxy(target, {
    get: (t, k, r) => (log.push(`get ${String(k)}`), Reflect.get(t, k, r)),
    has: (t, k) => (
      log.push(`has ${String(k)}`), denied.includes(String(k)) ? !Reflect.has(t, k) : Reflect.has(t, k)
    ),
  });

const read = (run: Run, v: unknown) => {
  const issues: Issue[] = [];
  const data = run(v, issues);
  return { data, issues };
};

describe('object: one list of issues for its fields, as it read with a list per field', () => {
  it('the same value and issues for any value', () => {
    fc.assert(
      fc.property(fc.nat(2), value, (i, v) => {
        expect(read(NEW[i]!, v)).toEqual(read(OLD[i]!, v));
      }),
      { numRuns: 3000 },
    );
  });

  it('the same for a Proxy that lies about its keys, with the same traps in the same order', () => {
    fc.assert(
      fc.property(fc.nat(2), value, fc.array(keyOf, { maxLength: 4 }), (i, v, denied) => {
        const target = typeof v === 'object' && v !== null ? v : { a: v, x: v };
        const logNew: string[] = [];
        const logOld: string[] = [];
        const got = read(NEW[i]!, lying(target, denied, logNew));
        const want = read(OLD[i]!, lying(target, denied, logOld));
        // (Copied before comparing: the comparison reads the proxies too.)
        const traps = [[...logNew], [...logOld]];
        expect(traps[0]).toEqual(traps[1]);
        expect(got).toEqual(want);
      }),
      { numRuns: 2000 },
    );
  });
});

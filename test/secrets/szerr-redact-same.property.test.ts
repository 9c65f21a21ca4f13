import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../src/secrets/redact';
import { isSecret, REDACTED, SECRET_KEY_SET, secret } from '../../src/secrets/secret';

// `redactSecrets` after the eleventh size pass (issue 33: a copy filled with no prototype, then
// given the node's, instead of `defineProperty` per key) against the one of cc4abd6, copied below
// as it was: the same copies (keys in the same order, the same descriptors and prototypes, shared
// nodes and cycles kept), the same nodes shared with the input, the input never changed.

type Container = Record<string, unknown> | unknown[];

function isContainer(value: unknown): value is Container {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function keysOf(node: Container): string[] {
  return Array.isArray(node) ? Array.from(node.keys(), String).filter((k) => k in node) : Object.keys(node);
}

function hides(node: Container, key: string, child: unknown): boolean {
  if (!Array.isArray(node) && SECRET_KEY_SET.has(key) && child !== null && child !== undefined) {
    return child !== REDACTED;
  }
  return isSecret(child);
}

/** cc4abd6's `redactSecrets`, as it was. */
function oldRedactSecrets<T>(value: T): T {
  if (isSecret(value)) return REDACTED as T;
  if (!isContainer(value)) return value;
  const parents = new Map<Container, Container[]>([[value, []]]);
  const dirty: Container[] = [];
  const stack: Container[] = [value];
  while (stack.length > 0) {
    const node = stack.pop()!;
    let direct = false;
    for (const key of keysOf(node)) {
      const child = (node as Record<string, unknown>)[key];
      if (hides(node, key, child)) direct = true;
      else if (isContainer(child)) {
        const known = parents.get(child);
        if (known) known.push(node);
        else {
          parents.set(child, [node]);
          stack.push(child);
        }
      }
    }
    if (direct) dirty.push(node);
  }
  if (dirty.length === 0) return value;
  const copies = new Map<Container, Container>();
  for (let i = 0; i < dirty.length; i++) {
    const node = dirty[i]!;
    if (copies.has(node)) continue;
    copies.set(
      node,
      Array.isArray(node) ? new Array(node.length) : Object.create(Object.getPrototypeOf(node)),
    );
    for (const parent of parents.get(node) ?? []) if (!copies.has(parent)) dirty.push(parent);
  }
  for (const [node, copy] of copies) {
    for (const key of keysOf(node)) {
      const child = (node as Record<string, unknown>)[key];
      const next = hides(node, key, child)
        ? REDACTED
        : isContainer(child)
          ? (copies.get(child) ?? child)
          : child;
      Object.defineProperty(copy, key, { value: next, enumerable: true, writable: true, configurable: true });
    }
  }
  return copies.get(value) as T;
}

/**
 * Whether `a` (new) and `b` (old) are the same graph: a node of the input is the same node in both;
 * a copy has the same prototype, array-ness, length, own keys in order and descriptors, and maps
 * one to one onto the other's copy (sharing and cycles alike).
 */
function sameGraph(
  a: unknown,
  b: unknown,
  input: Set<unknown>,
  pairs = new Map<unknown, unknown>(),
): boolean {
  if (a === b) return true;
  if (!isContainer(a) || !isContainer(b) || input.has(a) || input.has(b)) return false;
  if (pairs.has(a)) return pairs.get(a) === b;
  pairs.set(a, b);
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b) || Array.isArray(a) !== Array.isArray(b))
    return false;
  if (Array.isArray(a) && a.length !== (b as unknown[]).length) return false;
  const keys = Reflect.ownKeys(a);
  if (JSON.stringify(keys.map(String)) !== JSON.stringify(Reflect.ownKeys(b).map(String))) return false;
  return keys.every((k) => {
    const da = Object.getOwnPropertyDescriptor(a, k)!;
    const db = Object.getOwnPropertyDescriptor(b, k)!;
    return (
      da.enumerable === db.enumerable &&
      da.writable === db.writable &&
      da.configurable === db.configurable &&
      sameGraph(da.value, db.value, input, pairs)
    );
  });
}

/** Every container reachable from `value`, with a fingerprint of its own keys and values. */
function nodesOf(value: unknown, out = new Map<unknown, unknown[]>()): Map<unknown, unknown[]> {
  if (!isContainer(value) || out.has(value)) return out;
  const entries = Reflect.ownKeys(value).map((k) => [k, (value as Record<PropertyKey, unknown>)[k]]);
  out.set(value, entries);
  for (const [, v] of entries) nodesOf(v, out);
  return out;
}

const KEYS = ['password', 'code', 'token', 'accessToken', 'name', 'list', '__proto__', 'x', '0'];
const leaf = fc.oneof(
  fc.constantFrom(null, undefined, 0, 42, true, '', REDACTED, 'hunter2', '482913'),
  fc.string({ maxLength: 6 }),
  fc.string({ maxLength: 6 }).map((s) => secret(s)),
  fc.constant(new Date(0)),
);

/** A plain value (objects with or without a prototype, `__proto__` keys, arrays with holes), then links. */
const graph = fc
  .record({
    tree: fc.letrec<{ node: unknown }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        fc.array(fc.tuple(fc.constantFrom(...KEYS), tie('node')), { maxLength: 4 }).chain((pairs) =>
          fc.boolean().map((bare) => {
            const o: Record<string, unknown> = bare ? Object.create(null) : {};
            for (const [k, v] of pairs)
              Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
            return o;
          }),
        ),
        fc.array(tie('node'), { maxLength: 4 }).chain((items) =>
          fc.nat({ max: 4 }).map((hole) => {
            const list = [...items];
            if (hole < list.length) delete list[hole];
            return list;
          }),
        ),
      ),
    })).node,
    links: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.constantFrom(...KEYS)), { maxLength: 3 }),
  })
  .map(({ tree, links }) => {
    // Shared nodes and cycles: a key of one container pointed at another (maybe an ancestor).
    const nodes = [...nodesOf(tree).keys()] as Container[];
    for (const [from, to, key] of links) {
      const a = nodes[from % Math.max(nodes.length, 1)];
      const b = nodes[to % Math.max(nodes.length, 1)];
      if (a && b && !Array.isArray(a))
        Object.defineProperty(a, key, { value: b, enumerable: true, writable: true, configurable: true });
    }
    return tree;
  });

describe('redactSecrets against the one of cc4abd6 (size pass: the same behaviour)', () => {
  it('property: the same copy (keys, order, descriptors, prototypes, sharing, cycles), the input unchanged', () => {
    fc.assert(
      fc.property(graph, (value) => {
        const before = nodesOf(value);
        const fingerprint = [...before].map(([node, entries]) => [node, [...entries]]);
        const input = new Set(before.keys());
        const now = redactSecrets(value);
        const then = oldRedactSecrets(value);
        expect(sameGraph(now, then, input)).toBe(true);
        // The input: the same nodes, each with the same own keys and values.
        for (const [node, entries] of fingerprint as [Container, unknown[][]][]) {
          const again = Reflect.ownKeys(node).map((k) => [k, (node as Record<PropertyKey, unknown>)[k]]);
          expect(again).toEqual(entries);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('a JSON-parsed own `__proto__` key stays a plain key of the copy, and the copy keeps its prototype', () => {
    const value = JSON.parse('{"__proto__":{"password":"hunter2"},"a":[1,{"code":"123456"}]}');
    const out = redactSecrets(value);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(['__proto__', 'a']);
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toEqual({ password: REDACTED });
    expect(out.a[1]).toEqual({ code: REDACTED });
    const bare = Object.assign(Object.create(null), { password: 'x' });
    expect(Object.getPrototypeOf(redactSecrets(bare))).toBe(null);
  });
});

// A setup file of the node project: a test file must leave the process as it found it. The files of
// a worker share one module graph and one global scope (`isolate: false` in vitest.config.ts), so
// what one file leaves changed is every later file's: a shared test value made cyclic once failed
// an unrelated schema test in CI (twenty-fifth pass). After each file this fails the file that left
// a key added to (or taken from) a built-in prototype, a global of the platform replaced, or fake
// timers on. And it ends the connections of Node's fetch after each file, so nothing of undici (a
// kept connection's idle timer, a connection made again for an aborted request) lands on a fake
// clock of a later file (test/support/http-connections.ts).
import { afterAll, beforeAll, vi } from 'vitest';
import { endHttpConnections } from './http-connections';

const PROTOTYPES = [
  Object.prototype,
  Array.prototype,
  String.prototype,
  Number.prototype,
  Boolean.prototype,
  Function.prototype,
  Promise.prototype,
  Map.prototype,
  Set.prototype,
  RegExp.prototype,
  Date.prototype,
  Error.prototype,
];
const GLOBALS = [
  'fetch',
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'queueMicrotask',
  'Date',
  'crypto',
  'BroadcastChannel',
  'AbortController',
  'Response',
  'Headers',
  'Request',
  'JSON',
  'Math',
  'structuredClone',
] as const;

/** What a file may not change: each prototype's own keys with their values, each global. */
function now() {
  const global = globalThis as Record<string, unknown>;
  return {
    prototypes: PROTOTYPES.map((proto) =>
      Reflect.ownKeys(proto).map((key) => [key, Object.getOwnPropertyDescriptor(proto, key)?.value] as const),
    ),
    globals: GLOBALS.map((name) => [name, global[name]] as const),
    methods: [Date.now, Math.random, JSON.parse, JSON.stringify],
  };
}

let before: ReturnType<typeof now>;
beforeAll(() => {
  before = now();
});

// Registered first, so it runs last of the file's `afterAll`s: after the file closed its servers.
afterAll(() => endHttpConnections());

afterAll(() => {
  const after = now();
  const changed: string[] = [];
  PROTOTYPES.forEach((proto, i) => {
    const was = new Map(before.prototypes[i]);
    const is = new Map(after.prototypes[i]);
    const name = (proto as { constructor?: { name?: string } }).constructor?.name ?? '?';
    for (const [key, value] of is)
      if (!was.has(key) || was.get(key) !== value) changed.push(`${name}.prototype[${String(key)}]`);
    for (const key of was.keys())
      if (!is.has(key)) changed.push(`${name}.prototype[${String(key)}] (removed)`);
  });
  after.globals.forEach(([name, value], i) => {
    if (before.globals[i]![1] !== value) changed.push(`globalThis.${name}`);
  });
  ['Date.now', 'Math.random', 'JSON.parse', 'JSON.stringify'].forEach((name, i) => {
    if (before.methods[i] !== after.methods[i]) changed.push(name);
  });
  if (vi.isFakeTimers()) changed.push('fake timers left on');
  if (changed.length)
    throw new Error(
      `this file left the shared process changed (restore it in the file): ${changed.join(', ')}`,
    );
});

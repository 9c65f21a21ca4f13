// Review 129: counts the entries of every Map, Set and array the client's own code (src/, machines/;
// not src/testing, the reference server) writes to, by the site (file:line) of its first write.
// `Map.prototype.set`, `Set.prototype.add` and `Array.prototype.push` are wrapped (a Map or Set
// built from entries goes through them too); each structure is held by a WeakRef, so a census after
// a forced GC counts only what is still reachable. No heap size, no time: entries and instances.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;

type Kind = 'Map' | 'Set' | 'Array';
interface Rec {
  ref: WeakRef<object>;
  site: string;
  kind: Kind;
}
const recs: Rec[] = [];
const seen = new WeakSet<object>();
let busy = false;
const OWN = /\/rev129\/(src|machines)\/(?!testing\/).*/;

type Frame = { file: string; fn: string; line: number };

/** The frames of this call, cheaply (no source maps: the transformed file's line, the function's name). */
function frames(): Frame[] {
  const limit = Error.stackTraceLimit;
  const prepare = Error.prepareStackTrace;
  Error.stackTraceLimit = 25;
  Error.prepareStackTrace = (_e, cs) =>
    cs.map((c) => ({
      file: c.getFileName() ?? '',
      fn: c.getFunctionName() ?? '?',
      line: c.getLineNumber() ?? 0,
    }));
  const holder: { stack?: Frame[] } = {};
  Error.captureStackTrace(holder, frames);
  const out = holder.stack ?? [];
  Error.prepareStackTrace = prepare;
  Error.stackTraceLimit = limit;
  return out;
}

function siteOf(): string | null {
  // [0] siteOf, [1] note, [2] the wrapped builtin, [3] its caller.
  const fs = frames().slice(3);
  const caller = fs[0]?.file ?? '';
  // The caller of set/add/push must itself be no test double or test (test/), nor the reference server.
  if (/\/rev129\/(test|src\/testing)\//.test(caller)) return null;
  for (const f of fs) {
    const m = OWN.exec(f.file);
    if (m) {
      const own = `${m[0].replace(/^\/rev129\//, '')} ${f.fn}`;
      const by = /node_modules\/([^/]+)/.exec(caller)?.[1];
      return by ? `${own} (via ${by})` : own;
    }
  }
  return null;
}

function note(o: object, kind: Kind): void {
  if (busy || seen.has(o)) return;
  busy = true;
  try {
    seen.add(o);
    const site = siteOf();
    if (site) recs.push({ ref: new WeakRef(o), site, kind });
  } finally {
    busy = false;
  }
}

const mapSet = Map.prototype.set;
const setAdd = Set.prototype.add;
const push = Array.prototype.push;
const trackedSet = function (this: Map<unknown, unknown>, k: unknown, v: unknown) {
  note(this, 'Map');
  return mapSet.call(this, k, v);
};
const trackedAdd = function (this: Set<unknown>, v: unknown) {
  note(this, 'Set');
  return setAdd.call(this, v);
};
const trackedPush = function (this: unknown[], ...items: unknown[]) {
  const n = push.apply(this, items);
  // Only arrays that grew past 8 (a leak crosses it once; a short-lived list never costs a stack).
  if (n >= 8 && n - items.length < 8) note(this, 'Array');
  return n;
};

const sizeOf = (o: object, kind: Kind): number =>
  kind === 'Array' ? (o as unknown[]).length : (o as Map<unknown, unknown>).size;

/** Per site: live instances, their entries in all, the largest. */
export interface SiteCount {
  instances: number;
  entries: number;
  largest: number;
}

/** A census of what the client's code still holds, after a full GC (two real macrotask hops first: WeakRefs are kept for the job). */
export async function census(): Promise<Map<string, SiteCount>> {
  for (let i = 0; i < 2; i++) await new Promise((r) => setImmediate(r));
  gc();
  await new Promise((r) => setImmediate(r));
  gc();
  busy = true;
  const out = new Map<string, SiteCount>();
  for (let i = recs.length - 1; i >= 0; i--) {
    const r = recs[i]!;
    const o = r.ref.deref();
    if (!o) {
      recs.splice(i, 1);
      continue;
    }
    const key = `${r.kind} ${r.site}`;
    const c = out.get(key) ?? { instances: 0, entries: 0, largest: 0 };
    const n = sizeOf(o, r.kind);
    c.instances++;
    c.entries += n;
    c.largest = Math.max(c.largest, n);
    out.set(key, c);
  }
  busy = false;
  return out;
}

/** Sites whose live instances or entries grew by at least `min` between two censuses (what grows with cycles). */
export function grown(
  before: Map<string, SiteCount>,
  after: Map<string, SiteCount>,
  min: number,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [site, a] of after) {
    const b = before.get(site) ?? { instances: 0, entries: 0, largest: 0 };
    if (a.instances - b.instances >= min || a.entries - b.entries >= min)
      out[site] =
        `instances ${b.instances}->${a.instances}, entries ${b.entries}->${a.entries}, largest ${b.largest}->${a.largest}`;
  }
  return out;
}

/** Wraps the builtins (in a beforeAll: the shared-state guard's snapshot is taken before). */
export function track(): void {
  Map.prototype.set = trackedSet;
  Set.prototype.add = trackedAdd;
  Array.prototype.push = trackedPush;
}

/** Restores the builtins (in an afterAll). */
export function untrack(): void {
  Map.prototype.set = mapSet;
  Set.prototype.add = setAdd;
  Array.prototype.push = push;
}

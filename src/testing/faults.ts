// Injected faults: answer a matching request with a canned status/body, delay it, or never answer.

import { checkedFault } from './spec-checks';
import type { FaultSpec, Faults } from './types';

interface ActiveFault {
  spec: FaultSpec;
  /** Uses left; Infinity until removed. */
  remaining: number;
}

function pathMatches(pattern: string | RegExp, path: string): boolean {
  if (typeof pattern === 'string') return pattern === path;
  pattern.lastIndex = 0; // a /g or /y pattern keeps state between calls
  return pattern.test(path);
}

export class FaultRegistry implements Faults {
  private active: ActiveFault[] = [];

  add(fault: FaultSpec): () => void {
    const spec = checkedFault(fault);
    const entry: ActiveFault = { spec, remaining: spec.times ?? Number.POSITIVE_INFINITY };
    this.active.push(entry);
    return () => {
      this.active = this.active.filter((candidate) => candidate !== entry);
    };
  }

  clear(): void {
    this.active = [];
  }

  /** The newest fault matching the request, consuming one of its uses; undefined when none. */
  take(method: string, path: string): FaultSpec | undefined {
    for (let i = this.active.length - 1; i >= 0; i--) {
      const entry = this.active[i] as ActiveFault;
      const { spec } = entry;
      if (entry.remaining <= 0) continue;
      if (spec.method && spec.method.toUpperCase() !== method.toUpperCase()) continue;
      if (!pathMatches(spec.path, path)) continue;
      entry.remaining -= 1;
      if (entry.remaining <= 0) this.active.splice(i, 1);
      return spec;
    }
    return undefined;
  }
}

/** The canned answer of a fault that has a `status`. */
export function faultResponse(fault: FaultSpec & { status: number }): Response {
  const headers = new Headers(fault.headers);
  const nullBody = [101, 204, 205, 304].includes(fault.status);
  let body: string | null = null;
  if (!nullBody && fault.body !== undefined) {
    const isText = typeof fault.body === 'string';
    body = isText ? (fault.body as string) : JSON.stringify(fault.body);
    if (!headers.has('content-type')) {
      headers.set('content-type', fault.contentType ?? (isText ? 'text/html' : 'application/json'));
    }
  } else if (fault.contentType && !headers.has('content-type')) {
    headers.set('content-type', fault.contentType);
  }
  return new Response(body, { status: fault.status, headers });
}

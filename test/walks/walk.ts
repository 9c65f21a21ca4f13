// A walk's window for `npm run walks` (scripts/walks.mjs): the functions of this process that ran
// between `begin()` and `end()`, from V8's precise coverage (node:inspector, no dependency). Outside
// that script (`PAM_WALK_OUT` unset) both are no-ops, so a walk is also an ordinary test.

import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

/** One function of the window: the file (a `file://` URL) and its source text as V8 ran it. */
export interface RanFunction {
  url: string;
  name: string;
  /** The start of the function's text as the test runner evaluated it (transformed, not the .ts). */
  text: string;
  /** The function spans the whole module: its evaluation, not a call made in the walk. */
  module: boolean;
}

interface Coverage {
  result: Array<{
    scriptId: string;
    url: string;
    functions: Array<{
      functionName: string;
      ranges: Array<{ startOffset: number; endOffset: number; count: number }>;
    }>;
  }>;
}

const post = <T = unknown>(session: Session, method: string, params: object = {}) =>
  new Promise<T>((resolve, reject) =>
    session.post(method, params, (error, result) => (error ? reject(error) : resolve(result as T))),
  );

/** Files of the project, not of its dependencies or of the test runner. */
const ours = (url: string) => url.startsWith('file://') && !url.includes('/node_modules/');

/**
 * Starts counting (`begin`) and writes what ran since to `PAM_WALK_OUT` (`end`). Counters are reset
 * at `begin`, so what ran before (the login that sets the walk up, the modules' evaluation) is not
 * in the window.
 *
 * @example
 * const walk = await beginWalk();
 * // … the walk …
 * await walk.end();
 */
export async function beginWalk(): Promise<{ end(): Promise<void> }> {
  const out = process.env.PAM_WALK_OUT;
  if (!out) return { end: async () => {} };
  const session = new Session();
  session.connect();
  await post(session, 'Profiler.enable');
  await post(session, 'Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  await post(session, 'Profiler.takePreciseCoverage'); // resets the counters: the window starts here
  return {
    async end() {
      const { result } = await post<Coverage>(session, 'Profiler.takePreciseCoverage');
      await post(session, 'Profiler.stopPreciseCoverage');
      await post(session, 'Debugger.enable');
      const ran: RanFunction[] = [];
      for (const script of result) {
        if (!ours(script.url)) continue;
        const called = script.functions.filter((f) => (f.ranges[0]?.count ?? 0) > 0);
        if (called.length === 0) continue;
        const { scriptSource: source } = await post<{ scriptSource: string }>(
          session,
          'Debugger.getScriptSource',
          { scriptId: script.scriptId },
        );
        for (const f of called) {
          const { startOffset: start, endOffset: end } = f.ranges[0]!;
          ran.push({
            url: script.url,
            name: f.functionName,
            text: source.slice(start, Math.min(end, start + 200)),
            module: start < 200 && end >= source.length - 200,
          });
        }
      }
      await post(session, 'Debugger.disable');
      await post(session, 'Profiler.disable');
      session.disconnect();
      writeFileSync(out, JSON.stringify(ran));
    },
  };
}

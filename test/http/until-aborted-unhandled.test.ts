// An attempt's wait (`raced`; before it `untilAborted`) drops a late failure once its signal
// fired: handled, never an unhandled rejection
// (the server-session client stopped during its seed read over a failing fetch left one: in Node
// an unhandled rejection ends the process). Generated orders of abort and failure.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { attemptSignal, raced } from '../../src/http/waiting';

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeEach(() => {
  unhandled.length = 0;
  process.on('unhandledRejection', onUnhandled);
});
afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
});
const macrotask = () => new Promise((r) => setImmediate(r));

describe("an attempt's wait and a late failure", () => {
  it('aborted before, during or never: a failure is never unhandled', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('before', 'during', 'never'), async (when) => {
        unhandled.length = 0;
        const ctl = new AbortController();
        if (when === 'before') ctl.abort();
        let fail!: (e: unknown) => void;
        const late = new Promise((_, reject) => {
          fail = reject;
        });
        const guard = attemptSignal(ctl.signal, 60_000)!;
        const out = Promise.resolve(raced(late, guard)).catch((e: unknown) => e);
        if (when === 'during') ctl.abort();
        fail(new Error('late failure'));
        const got = await out;
        await macrotask();
        await macrotask();
        guard.dispose();
        expect(unhandled).toEqual([]);
        if (when === 'never') expect(got).toBeInstanceOf(Error);
        else expect(got).not.toBeInstanceOf(Error);
      }),
      { numRuns: 30 },
    );
  });
});

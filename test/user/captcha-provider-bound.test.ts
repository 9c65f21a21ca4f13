import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createUserModule, type HttpAdapter, isPamError, updateProfile } from '../../src/index';
import { useFakeTimersEach } from '../support/fake-timers';

// REVIEW-Z Z-5: a user-module `captcha_token` provider (Y-12) was awaited with no bound and no
// abort: one that never resolves hung the call, its `signal` ignored. Now its wait ends, nothing
// sent, at the call's abort (`aborted`) or after 15 s (the login's bound: `timeout`), its timer
// and listener cleared. Time is vi's fake timers (no real sleep).

// biome-ignore lint/suspicious/noExplicitAny: a caught error, read field by field
type Loose = any;

const BOUND = 15_000;
const never = () => new Promise<string>(() => {});
const TOKEN = 'captcha-token-abcdefghijklmnop';

function adapter() {
  const sent: unknown[] = [];
  const post = async (_path: string, body: unknown) => {
    sent.push(body);
    return { id: 7 };
  };
  return { sent, http: { post } as unknown as HttpAdapter };
}

useFakeTimersEach();

/** The call's outcome, without letting a rejection go unhandled. */
const settle = (p: Promise<unknown>) => {
  const out: { v?: Loose } = {};
  p.then(
    () => (out.v = 'sent'),
    (e) => (out.v = e),
  );
  return out;
};

describe('captcha_token provider: bounded and abortable (Z-5)', () => {
  it.each(['standalone', 'module'])(
    '%s: a never-resolving provider, signal aborted: `aborted`, nothing sent',
    async (how) => {
      const { sent, http } = adapter();
      const ac = new AbortController();
      const args = [7, { first_name: 'Ana', captcha_token: never }, { signal: ac.signal }] as const;
      const out = settle(
        how === 'module' ? createUserModule(http).updateProfile(...args) : updateProfile(http, ...args),
      );
      await vi.advanceTimersByTimeAsync(10);
      expect(out.v).toBeUndefined();
      ac.abort();
      await vi.advanceTimersByTimeAsync(0);
      expect(isPamError(out.v)).toBe(true);
      expect(out.v.code).toBe('aborted');
      expect(sent).toEqual([]);
      expect(vi.getTimerCount()).toBe(0);
    },
  );

  it('a signal aborted before the call: `aborted`, the provider never called, nothing sent', async () => {
    const { sent, http } = adapter();
    const provider = vi.fn(never);
    const error: Loose = await updateProfile(
      http,
      7,
      { first_name: 'Ana', captcha_token: provider },
      { signal: AbortSignal.abort() },
    ).catch((e) => e);
    expect(error.code).toBe('aborted');
    expect(provider).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a never-resolving provider: `timeout` at 15 s, nothing sent, no timer left', async () => {
    const { sent, http } = adapter();
    const out = settle(updateProfile(http, 7, { first_name: 'Ana', captcha_token: never }));
    await vi.advanceTimersByTimeAsync(BOUND - 1);
    expect(out.v).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(isPamError(out.v)).toBe(true);
    expect(out.v.code).toBe('timeout');
    expect(out.v.timeoutMs).toBe(BOUND);
    expect(sent).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('property: a provider answering at d (or never), an abort at a (or never): first event wins', async () => {
    const at = fc.option(fc.integer({ min: 0, max: 2 * BOUND }), { nil: undefined });
    await fc.assert(
      fc.asyncProperty(at, at, async (d, a) => {
        // No ties: which of two timers set for the same ms fires first is not what this checks.
        fc.pre(d === undefined || (d !== a && d !== BOUND));
        fc.pre(a !== BOUND);
        const { sent, http } = adapter();
        const ac = new AbortController();
        if (a !== undefined) setTimeout(() => ac.abort(), a);
        const provider = () =>
          d === undefined ? never() : new Promise<string>((r) => setTimeout(() => r(TOKEN), d));
        const out = settle(
          updateProfile(http, 7, { first_name: 'Ana', captcha_token: provider }, { signal: ac.signal }),
        );
        await vi.advanceTimersByTimeAsync(3 * BOUND);
        const first = Math.min(d ?? Infinity, a ?? Infinity, BOUND);
        const expected = a === first ? 'aborted' : d === first ? 'sent' : 'timeout';
        expect(out.v === 'sent' ? 'sent' : out.v?.code).toBe(expected);
        expect(sent).toEqual(expected === 'sent' ? [{ first_name: 'Ana', captcha_token: TOKEN }] : []);
        expect(vi.getTimerCount()).toBe(0);
      }),
      { numRuns: 150 },
    );
  });
});

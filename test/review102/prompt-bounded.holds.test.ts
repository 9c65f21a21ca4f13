// Review 102 (holds): review 100's `bounded` (src/user/sensitive.ts): the step-up prompt ends with
// the call's signal (before, during), and the captcha provider's wait, refactored onto it, still
// times out at 15 s and ends with the signal, each leaving no listener on the signal and no timer.
import { getEventListeners } from 'node:events';
import { createOfetchAdapter, createUserModule } from 'pam-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';

const ref = useReferenceServer();
afterEach(() => {
  vi.useRealTimers();
});

function userOf() {
  const { server } = ref;
  const token = server.issueToken(server.seed.plain.id);
  const http = createOfetchAdapter({ baseURL: server.url, getAccessToken: () => token, retry: 0 });
  return createUserModule(http, { signedIn: () => ({ userId: server.seed.plain.id, sid: 1 }) });
}
/** Fake timers of the 15 s bound still pending (undici's own keep-alive timers left out). */
const boundTimers = () => {
  const clock = (
    globalThis.setTimeout as unknown as { clock?: { timers?: Record<string, { delay: number }> } }
  ).clock;
  return Object.values(clock?.timers ?? {}).filter((t) => t.delay === 15_000).length;
};
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: { code?: string }) => e.code,
  );

describe('review 102: the step-up prompt ends with the signal', () => {
  it('aborted while the prompt is open: aborted, nothing resent, no listener left', async () => {
    const user = userOf();
    const stop = new AbortController();
    let asked = 0;
    const outcome = codeOf(
      user.updateEmail(
        { email: 'x-prompt@example.com' },
        {
          signal: stop.signal,
          onStepUp: () => {
            asked++;
            return new Promise(() => {});
          },
        },
      ),
    );
    await until(() => asked === 1, 'asked');
    stop.abort();
    expect(await outcome).toBe('aborted');
    expect(ref.server.requests.filter((r) => r.method === 'PATCH').length).toBe(1);
    expect(getEventListeners(stop.signal, 'abort').length).toBe(0);
  });

  it('a prompt answered after the signal aborted: the answer is not sent', async () => {
    const user = userOf();
    const stop = new AbortController();
    const outcome = codeOf(
      user.updateEmail(
        { email: 'x-late@example.com' },
        {
          signal: stop.signal,
          onStepUp: async () => {
            stop.abort();
            return ref.server.seed.plain.password;
          },
        },
      ),
    );
    expect(await outcome).toBe('aborted');
    expect(ref.server.requests.filter((r) => r.method === 'PATCH').length).toBe(1);
  });

  it('a prompt that throws synchronously: its UnexpectedError, no listener left', async () => {
    const user = userOf();
    const stop = new AbortController();
    const outcome = codeOf(
      user.updateEmail(
        { email: 'x-throws@example.com' },
        {
          signal: stop.signal,
          onStepUp: () => {
            throw new Error('dialog bug quoting hunter2');
          },
        },
      ),
    );
    expect(await outcome).toBe('unexpected');
    expect(getEventListeners(stop.signal, 'abort').length).toBe(0);
  });
});

describe('review 102: the captcha provider on the same helper', () => {
  it('a provider that never answers: timeout at 15 s, nothing sent, no timer or listener left', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const user = userOf();
    const stop = new AbortController();
    let settled = false;
    const outcome = codeOf(
      user.updateProfile(
        ref.server.seed.plain.id,
        { first_name: 'Ana', captcha_token: () => new Promise<string>(() => {}) },
        { signal: stop.signal },
      ),
    ).finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(14_999);
    expect(settled).toBe(false);
    expect(boundTimers()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('timeout');
    expect(boundTimers()).toBe(0);
    expect(getEventListeners(stop.signal, 'abort').length).toBe(0);
    expect(ref.server.requests.length).toBe(0);
  });

  it('a provider that never answers, the signal aborts: aborted, timer cleared', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const user = userOf();
    const stop = new AbortController();
    const outcome = codeOf(
      user.updateProfile(
        ref.server.seed.plain.id,
        { first_name: 'Ana', captcha_token: () => new Promise<string>(() => {}) },
        { signal: stop.signal },
      ),
    );
    await vi.advanceTimersByTimeAsync(100);
    stop.abort();
    expect(await outcome).toBe('aborted');
    expect(boundTimers()).toBe(0);
    expect(getEventListeners(stop.signal, 'abort').length).toBe(0);
  });

  it('a signal aborted before the call: the provider is never called', async () => {
    const user = userOf();
    const provider = vi.fn(() => 'captcha-token-never-001');
    const outcome = codeOf(
      user.updateProfile(
        ref.server.seed.plain.id,
        { first_name: 'Ana', captcha_token: provider },
        { signal: AbortSignal.abort() },
      ),
    );
    expect(await outcome).toBe('aborted');
    expect(provider).not.toHaveBeenCalled();
  });
});

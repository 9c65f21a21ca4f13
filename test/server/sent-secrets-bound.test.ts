// REVIEW-Z Z-3: the secrets the proxy scrubs from a call's answers ("sent", W-1) were read from ANY
// JSON body, before the row's schema refused it and with no login: a 16 KB body of thousands of
// short "passwords" made the proxy build a scrubber over all of them (CPU on the shared event
// loop). They are now read from what is sent (the payload as the row's schema reads it), bounded
// (`MAX_SECRETS`, `MAX_SECRET_CHARS`) on a row without a schema (beyond: 400, nothing sent).
// Timing-free: the scrubber factory is counted, not timed.

import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as scrub from '../../src/errors/scrub';
import { MAX_SECRETS } from '../../src/server/strip';
import { Browser, type TestClock, usePam } from './harness';

vi.mock('../../src/errors/scrub', async (load) => {
  const real = await load<typeof import('../../src/errors/scrub')>();
  return { ...real, createScrubber: vi.fn(real.createScrubber) };
});

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, fx } = usePam(clock);
const made = vi.mocked(scrub.createScrubber);

/** The largest list of secrets any scrubber was built over since the last reset. */
const largest = () => Math.max(0, ...made.mock.calls.map(([s]) => [...s].length));
const many = Array.from({ length: 2700 }, (_, i) => i.toString(36).padStart(2, '0'));

describe('the proxy hunts only what it sends, bounded (Z-3)', () => {
  beforeEach(() => made.mockClear());

  it('a login the schema refuses (thousands of "passwords"): 400, no scrubber over them', async () => {
    const got = await new Browser(fx.served.url).call('POST', '/pam/auth/login', {
      login: 'a@b.c',
      password: many,
    });
    expect(got.status).toBe(400);
    expect(largest()).toBeLessThanOrEqual(MAX_SECRETS);
  });

  it('numbers under a secret key too (`code`): no scrubber over them', async () => {
    const code = Array.from({ length: 2500 }, (_, i) => i);
    const got = await new Browser(fx.served.url).call('POST', '/pam/auth/login', { login: 'a@b.c', code });
    expect(got.status).toBe(400);
    expect(largest()).toBeLessThanOrEqual(MAX_SECRETS);
  });

  it('a row without a schema: more secrets than the bound are refused 400, nothing sent', async () => {
    const { plain } = ref.server.seed;
    const browser = new Browser(fx.served.url);
    expect((await browser.login(plain.email, plain.password)).status).toBe(200);
    ref.server.requests.length = 0;
    made.mockClear();
    const got = await browser.call('POST', `/pam/users/change-password/${plain.id}`, {
      old_password: plain.password,
      password: many,
    });
    expect(got.status).toBe(400);
    expect(ref.server.requests).toEqual([]);
    expect(largest()).toBeLessThanOrEqual(MAX_SECRETS);
  });

  it('a row without a schema: a few long secrets past MAX_SECRET_CHARS are refused 400 too', async () => {
    const { plain } = ref.server.seed;
    const browser = new Browser(fx.served.url);
    expect((await browser.login(plain.email, plain.password)).status).toBe(200);
    ref.server.requests.length = 0;
    const got = await browser.call('POST', `/pam/users/change-password/${plain.id}`, {
      password: 'x'.repeat(6000),
    });
    expect(got.status).toBe(400);
    expect(ref.server.requests).toEqual([]);
  });
});

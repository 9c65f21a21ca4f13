import { afterEach, describe, expect, it, vi } from 'vitest';

// Issue 15: the skip message names the Chromium path actually tried.

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('browser-suite skip message', () => {
  it('names CHROMIUM_PATH when it is set', async () => {
    vi.stubEnv('CHROMIUM_PATH', '/opt/nowhere/chromium');
    vi.resetModules();
    const { SKIP_BROWSER_MESSAGE, chromiumPath } = await import('./chromium');
    expect(SKIP_BROWSER_MESSAGE).toContain('/opt/nowhere/chromium');
    expect(SKIP_BROWSER_MESSAGE).toContain('CHROMIUM_PATH');
    expect(chromiumPath()).toBeNull();
  });
});

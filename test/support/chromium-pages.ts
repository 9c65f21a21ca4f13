// Pages in Debian's Chromium (test/support/chromium.ts) for the end-to-end suites: a page script
// bundled from the sources, and the cross-tab suites' page (test/e2e/tabs/page.ts) served by the
// demo server in front of the reference server, one browser a file, a fresh context a test.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { type ReferenceServer, startReferenceServer } from 'pam-client/testing';
import { type Browser, type BrowserContext, chromium } from 'playwright';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { type Demo, startDemo } from '../../scripts/demo/serve.mjs';
import { chromiumLaunchOptions, chromiumPath } from './chromium';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Bundles `entry` (a path from the repository root) for the browser into `<dir>/app.js`, the
 * package's entry points read from the sources. Returns the bundle's path.
 */
export async function bundlePage(
  entry: string,
  dir: string,
  format: 'esm' | 'iife' = 'esm',
): Promise<string> {
  const outfile = join(dir, 'app.js');
  await build({
    entryPoints: [join(root, entry)],
    bundle: true,
    format,
    platform: 'browser',
    outfile,
    alias: {
      'pam-client': join(root, 'src/index.ts'),
      'pam-client/machines': join(root, 'machines/index.ts'),
      'pam-client/internal': join(root, 'src/internal.ts'),
    },
    logLevel: 'silent',
  });
  return outfile;
}

/** Debian's Chromium, headless, with this machine's flags. */
export const launchChromium = (): Promise<Browser> => chromium.launch(chromiumLaunchOptions());

/** What `useTabsPage` sets up: read its fields inside hooks and tests only. */
export type TabsPage = { reference: ReferenceServer; demo: Demo; browser: Browser; context: BrowserContext };

/**
 * The cross-tab suites' page (test/e2e/tabs/page.ts, as an ES module) served by the demo server at
 * `/` in front of a reference server, one Chromium for the file, a fresh browser context for each
 * test (closed after it, the reference's faults cleared). Nothing starts without Chromium. Call
 * once, at a test file's top level; `prefix` names the temporary folder.
 */
export function useTabsPage(prefix: string): TabsPage {
  const env = {} as TabsPage;
  let dir: string | undefined;
  beforeAll(async () => {
    if (!chromiumPath()) return;
    dir = await mkdtemp(join(tmpdir(), prefix));
    await bundlePage('test/e2e/tabs/page.ts', dir);
    await writeFile(
      join(dir, 'index.html'),
      '<!doctype html><html><head><link rel="icon" href="data:,"></head><body><script type="module" src="./app.js"></script></body></html>',
    );
    env.reference = await startReferenceServer();
    env.demo = await startDemo({ apps: [{ mountPath: '/', dir }], apiTarget: env.reference.url });
    env.browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await Promise.allSettled([env.browser?.close(), env.demo?.close(), env.reference?.close()]);
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    if (env.browser) env.context = await env.browser.newContext();
  });
  afterEach(async () => {
    await env.context?.close();
    env.reference?.faults.clear();
  });
  return env;
}

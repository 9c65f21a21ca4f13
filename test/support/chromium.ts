import { existsSync } from 'node:fs';

/** The path tried: `CHROMIUM_PATH` when set, else Debian's. */
export const CHROMIUM_TRIED = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium, never a downloaded browser. `CHROMIUM_PATH` overrides the location.
 * Returns null when it is not installed, so browser suites can skip with a clear message.
 */
export function chromiumPath(): string | null {
  const path = CHROMIUM_TRIED;
  return existsSync(path) ? path : null;
}

/** Flags this machine needs: no sandbox as root, and no background calls to the closed network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** Launch options for playwright's `chromium.launch()`. */
export function chromiumLaunchOptions() {
  const executablePath = chromiumPath();
  if (!executablePath)
    throw new Error(`Chromium is not installed at ${CHROMIUM_TRIED} (apt-get install -y chromium)`);
  return { executablePath, headless: true, args: CHROMIUM_ARGS };
}

export const SKIP_BROWSER_MESSAGE = `[pam-client] Chromium not found at ${CHROMIUM_TRIED}${
  process.env.CHROMIUM_PATH ? ' (CHROMIUM_PATH)' : ''
}: browser tests are SKIPPED (apt-get install -y chromium, or set CHROMIUM_PATH)`;

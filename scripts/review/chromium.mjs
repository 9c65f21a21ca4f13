// Debian's Chromium for the review scripts, with the flags of test/support/chromium.ts (kept
// equal by test/review/review.test.ts). Never a downloaded browser.

import { existsSync } from 'node:fs';

/** Same list as CHROMIUM_ARGS in test/support/chromium.ts. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** playwright `chromium.launch()` options; throws with the path it tried when Chromium is missing. */
export function launchOptions() {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath} (apt-get install -y chromium, or set CHROMIUM_PATH)`,
    );
  }
  return { executablePath, headless: true, args: CHROMIUM_ARGS };
}

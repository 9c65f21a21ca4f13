// PNG pictures of the review book's pages for the README (after `npm run review`):
//
//   node scripts/review/book-screenshots.mjs     writes docs/screenshots/review-*.png

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright';
import { launchOptions } from './chromium.mjs';
import { ROOT } from './sources.mjs';

const book = join(ROOT, 'review-book');
const shots = [
  ['review-index', 'index.html', null],
  ['review-machine', 'login/index.html', '#coverage'],
  ['review-step', 'session/scenario-session-expiry.html', '#step-4', '#step-4 .shot'],
  ['review-responsible-gaming', 'responsible-gaming.html', '#play-time'],
  // Issue 31: the pt-BR edition, a step with the app first, the login's product view, play time.
  ['review-pt-index', 'pt-BR/index.html', null],
  ['review-pt-step', 'pt-BR/login/scenario-2fa-success.html', '#step-2', '#step-2'],
  ['review-login-product', 'login/index.html', null, '[data-testid="product-view"]'],
  ['review-play-time', 'playTime/index.html', null],
];
const browser = await chromium.launch(launchOptions());
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
  for (const [name, file, anchor, part] of shots) {
    if (!existsSync(join(book, file))) {
      console.log(`skipped ${name}: ${file} is not in this build`);
      continue;
    }
    await page.goto(pathToFileURL(join(book, file)).href + (anchor ?? ''), { waitUntil: 'load' });
    const path = join(ROOT, 'docs/screenshots', `${name}.png`);
    // A part of the page (the picture and its copy deck), or the window.
    if (part) await page.locator(part).screenshot({ path });
    else await page.screenshot({ path });
    console.log(`wrote docs/screenshots/${name}.png`);
  }
} finally {
  await browser.close();
}

// PNG pictures of the SVG diagrams in docs/machines, for the README (GitHub's README renders
// PNG the same everywhere). Rendered from the SVG files in Debian's Chromium.
//
//   node scripts/review/diagram-screenshots.mjs     writes docs/screenshots/machine-<id>.png

import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { launchOptions } from './chromium.mjs';
import { ROOT } from './sources.mjs';

const dir = join(ROOT, 'docs/machines');
const svgs = (await readdir(dir)).filter((n) => n.endsWith('.svg')).sort();
const browser = await chromium.launch(launchOptions());
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const name of svgs) {
    const svg = await readFile(join(dir, name), 'utf8');
    await page.setContent(`<!doctype html><body style="margin:0;background:#fff">${svg}</body>`);
    const out = join(ROOT, 'docs/screenshots', `machine-${name.replace(/\.svg$/, '')}.png`);
    await page.locator('svg').first().screenshot({ path: out });
    console.log(`wrote docs/screenshots/machine-${name.replace(/\.svg$/, '')}.png`);
  }
} finally {
  await browser.close();
}

// The app in pt-BR for the pt-BR edition's pictures: each step is photographed in English, then
// the page is switched to pt-BR (`<html lang="pt-BR">`, which examples/vanilla/lang.ts answers
// by putting every text on the page through the app's pt-BR table), photographed again and
// switched back, all at the same moment of the path (no request answered, no clock moved between
// the two). What the app could not translate it names on the console; it is gathered here.

import type { Page } from 'playwright';

const NO_TRANSLATION = /^pt-BR: no translation for "([\s\S]*)"$/;

/**
 * Gathers the texts the app shows untranslated in pt-BR (from its console) into `into`.
 *
 * @example
 * const untranslated = new Set<string>(); listenUntranslated(page, untranslated);
 */
export function listenUntranslated(page: Page, into: Set<string> | undefined): void {
  if (!into) return;
  page.on('console', (message) => {
    const found = NO_TRANSLATION.exec(message.text());
    if (found) into.add(found[1]!);
  });
}

/** Sets the page's language and waits for the app to have rewritten its texts. */
async function setLang(page: Page, lang: string): Promise<void> {
  await page.evaluate(async (to) => {
    document.documentElement.lang = to;
    // The app's observer runs as a microtask after the change: this one comes after it.
    await Promise.resolve();
  }, lang);
}

/**
 * Runs `take` with the app in pt-BR, then puts it back in English (even when `take` throws).
 *
 * @example
 * const png = await inPtBR(page, () => page.screenshot());
 */
export async function inPtBR<T>(page: Page, take: () => Promise<T>): Promise<T> {
  await setLang(page, 'pt-BR');
  try {
    return await take();
  } finally {
    await setLang(page, 'en');
  }
}

// A PDF per machine for review meetings and audit files (issue 19 item 15): the diagram once,
// then each path as a strip of step thumbnails with their words, printed by Chromium's
// `page.pdf()` from a print page written next to the machine's pages.

import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright';
import { xml } from '../../tools/diagrams/svg';
import { count, type MachinePage, stepText } from './site';

const PRINT_CSS = `
body{font:11px/1.35 system-ui,sans-serif;color:#1d2433;margin:0}
h1{font-size:18px;margin:0 0 6px}h2{font-size:14px;margin:14px 0 4px;break-after:avoid}
.diagram svg{max-width:100%;height:auto}
.path{break-inside:avoid;margin:0 0 10px}
.strip{display:grid;grid-template-columns:repeat(4,1fr);gap:6px}
.strip figure{margin:0;border:1px solid #d7dce5;border-radius:4px;padding:4px;break-inside:avoid}
.strip img{width:100%;height:auto;display:block}
figcaption{font-size:9px;margin-top:3px}
code{background:#eef0f4;padding:0 2px}
.muted{color:#5b6478}
`;

/** The machine's print page (relative links: it sits in `<machine>/print.html`). */
export function printPage(m: MachinePage): string {
  const paths = m.paths.map((p) => {
    const figures = p.path.steps.map((step, i) => {
      const view = p.steps[i]!;
      const leaves = step.leaves.map((l) => `<code>${xml(l)}</code>`).join(', ');
      return `<figure><img src="../${xml(view.shot)}" width="${view.size.width}" height="${view.size.height}" alt=""><figcaption><strong>${i}.</strong> ${stepText(step)} → ${leaves}</figcaption></figure>`;
    });
    return [
      '<section class="path">',
      `<h2>${xml(p.path.title)} <span class="muted">(${count(p.path.steps.length - 1, 'step')}${p.account ? `, as ${xml(p.account)}` : ''})</span></h2>`,
      `<div class="strip">${figures.join('')}</div>`,
      '</section>',
    ].join('\n');
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${xml(m.title)} · review</title><style>${PRINT_CSS}</style></head><body>
<h1>${xml(m.title)} <code>${xml(m.id)}</code></h1><p>${xml(m.summary)}</p>
<div class="diagram">${m.svg}</div>
${paths.join('\n')}
</body></html>
`;
}

/**
 * Prints `<out>/<machine>/print.html` to `<out>/<machine>.pdf` for every machine, in Chromium.
 *
 * @example
 * await printPdfs(browser, 'review-book', ['login']); // review-book/login.pdf
 */
export async function printPdfs(browser: Browser, out: string, machines: readonly string[]): Promise<void> {
  const page = await browser.newPage();
  try {
    for (const id of machines) {
      await page.goto(pathToFileURL(join(out, id, 'print.html')).href, { waitUntil: 'load' });
      await page.pdf({
        path: join(out, `${id}.pdf`),
        format: 'A4',
        landscape: true,
        printBackground: true,
        margin: { top: '12mm', bottom: '12mm', left: '10mm', right: '10mm' },
      });
    }
  } finally {
    await page.close();
  }
}

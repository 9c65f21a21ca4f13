// The PDFs for review meetings and audit files (issue 19 item 15, issue 31 item 4): per machine
// the diagram on its own landscape A4 pages (a large diagram split into tiles that keep its words
// legible), then each path as a strip of step thumbnails with their words; and the
// responsible-gaming chapter. Printed by Chromium's `page.pdf()`, every page with the version,
// the commit, the date and its page number.

import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright';
import { xml } from '../../tools/diagrams/svg';
import { WORDS } from './book-words';
import { type BookContext, type MachinePage, plainContext, stepText, toRoot } from './site';
import { stampLine } from './stamp';

/** The printable area of a landscape A4 page under the margins below, less a caption line (mm). */
const SHEET = { width: 277, height: 168 };
/** Diagram pixels per tile at most: 12 px text stays about 8 pt on paper. */
const TILE = { width: 1150, height: 700 };

const PRINT_CSS = `
body{font:11px/1.35 system-ui,sans-serif;color:#1d2433;margin:0}
h1{font-size:18px;margin:0 0 6px}h2{font-size:14px;margin:14px 0 4px;break-after:avoid}
.tile{width:${SHEET.width}mm;height:${SHEET.height}mm;overflow:hidden;position:relative;border:1px solid #d7dce5;box-sizing:border-box}
.tile>div{position:absolute}.tile svg{width:100%;height:100%;display:block}
.sheet{break-after:page}.sheet p{margin:2px 0;font-size:10px}
.path{break-inside:avoid;margin:0 0 10px}
.strip{display:grid;grid-template-columns:repeat(4,1fr);gap:6px}
.strip figure{margin:0;border:1px solid #d7dce5;border-radius:4px;padding:4px;break-inside:avoid}
.strip img{width:100%;height:auto;display:block}
figcaption{font-size:9px;margin-top:3px}
code{background:#eef0f4;padding:0 2px}
.muted{color:#5b6478}
`;

/**
 * The diagram as landscape sheets: one when it fits legibly, else rows × columns of tiles, each a
 * window onto the same drawing at one scale (the diagram's size read from its viewBox).
 *
 * @example
 * diagramSheets(svg, 'session'); // 4 sheets for the session's 2237 × 1141 drawing
 */
export function diagramSheets(svg: string, title: string): string[] {
  const box = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
  const [w, h] = box ? [Number(box[1]), Number(box[2])] : [TILE.width, TILE.height];
  const cols = Math.max(1, Math.ceil(w / TILE.width));
  const rows = Math.max(1, Math.ceil(h / TILE.height));
  // mm per diagram pixel: the tile (w/cols × h/rows) fills the sheet's width or height.
  const scale = Math.min(SHEET.width / (w / cols), SHEET.height / (h / rows));
  const sheets: string[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const left = ((c * w) / cols) * scale;
      const top = ((r * h) / rows) * scale;
      const part =
        cols * rows === 1
          ? ''
          : ` (part ${r * cols + c + 1} of ${cols * rows}: row ${r + 1}, column ${c + 1})`;
      sheets.push(
        `<section class="sheet"><div class="tile"><div style="left:-${left.toFixed(1)}mm;top:-${top.toFixed(1)}mm;width:${(w * scale).toFixed(1)}mm;height:${(h * scale).toFixed(1)}mm">${svg}</div></div><p class="muted">${xml(title)}${part}</p></section>`,
      );
    }
  }
  return sheets;
}

/** The machine's print page (relative links: it sits in `<machine>/print.html` of its edition). */
export function printPage(m: MachinePage, ctx: BookContext = plainContext()): string {
  const w = WORDS[ctx.lang];
  const root = toRoot(ctx.lang, 1);
  const paths = m.paths.map((p) => {
    const figures = p.path.steps.map((step, i) => {
      const view = p.steps[i]!;
      const leaves = step.leaves.map((l) => `<code>${xml(l)}</code>`).join(', ');
      return `<figure><img src="${root}${xml(view.shot)}" width="${view.size.width}" height="${view.size.height}" alt=""><figcaption><strong>${i}.</strong> ${stepText(step, ctx)} → ${leaves}</figcaption></figure>`;
    });
    return [
      '<section class="path">',
      `<h2>${xml(ctx.t.say(p.path.title))} <span class="muted">(${w.nSteps(p.path.steps.length - 1)}${p.account ? `, ${xml(w.as(p.account))}` : ''})</span></h2>`,
      `<div class="strip">${figures.join('')}</div>`,
      '</section>',
    ].join('\n');
  });
  // The diagram only once, however many tiles show it (each tile is the same drawing).
  const sheets = diagramSheets(m.svg, `${ctx.t.say(m.title)} (${m.id})`);
  const [first, ...more] = sheets;
  return `<!doctype html><html lang="${w.htmlLang}"><head><meta charset="utf-8"><title>${xml(ctx.t.say(m.title))} · ${xml(w.bookTitle)}</title><style>${PRINT_CSS}</style></head><body>
<h1>${xml(ctx.t.say(m.title))} <code>${xml(m.id)}</code></h1><p>${xml(m.summary)}</p>
${first ?? ''}
${more.map((sheet) => sheet.replace(/<svg[\s\S]*<\/svg>/, (svg) => svg.replace(/data-machine="[^"]*"/, 'data-tile="1"'))).join('\n')}
${paths.join('\n')}
</body></html>
`;
}

/** One PDF to print: an HTML file of the book and the PDF it becomes (both from the book's root). */
export interface PrintJob {
  html: string;
  pdf: string;
  landscape: boolean;
}

/**
 * Prints each job's page to its PDF in Chromium, A4, with the build's stamp and "page n of m" on
 * every page.
 *
 * @example
 * await printPdfs(browser, 'review-book', [{ html: 'login/print.html', pdf: 'login.pdf', landscape: true }], ctx);
 */
export async function printPdfs(
  browser: Browser,
  out: string,
  jobs: readonly PrintJob[],
  ctx: BookContext = plainContext(),
): Promise<void> {
  const w = WORDS[ctx.lang];
  const small =
    'font:8px system-ui,sans-serif;color:#5b6478;width:100%;padding:0 10mm;display:flex;justify-content:space-between';
  // Two pages print at once (as two paths play at once): printing waits on rendering and images.
  const queue = [...jobs];
  const worker = async () => {
    const page = await browser.newPage();
    try {
      for (let job = queue.shift(); job; job = queue.shift()) {
        await page.goto(pathToFileURL(join(out, job.html)).href, { waitUntil: 'load' });
        await page.pdf({
          path: join(out, job.pdf),
          format: 'A4',
          landscape: job.landscape,
          printBackground: true,
          displayHeaderFooter: true,
          headerTemplate: `<div style="${small}"><span>${xml(w.bookTitle)}</span><span class="title"></span></div>`,
          footerTemplate: `<div style="${small}" data-stamp="1"><span>${xml(stampLine(ctx.stamp, w.built))}</span><span>${w.page} <span class="pageNumber"></span> ${w.of} <span class="totalPages"></span></span></div>`,
          margin: { top: '14mm', bottom: '14mm', left: '10mm', right: '10mm' },
        });
      }
    } finally {
      await page.close();
    }
  };
  await Promise.all([worker(), worker()]);
}

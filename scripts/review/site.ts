// The review book's HTML: an index, a page per machine, a page per path with an anchor per step.
// Static files with relative links and inline SVG, so it opens from disk with no server.

import { xml } from '../../tools/diagrams/svg';
import { type BookWords, type Lang, WORDS } from './book-words';
import type { Coverage } from './coverage';
import type { BookPath, BookStep } from './paths';
import { type BookStamp, stampLine } from './stamp';
import { type Translator, translator } from './translate';

export interface MachinePage {
  id: string;
  title: string;
  summary: string;
  /** The machine's diagram without highlight (the technical view: every transition). */
  svg: string;
  /** The product view: without self-loops and internal-only transitions. */
  productSvg: string;
  /** How many transitions the product view leaves out. */
  hidden: number;
  /** What each event and guard means, in en and pt-BR. */
  words: { kind: 'event' | 'guard'; name: string; en: string; pt: string }[];
  /** Path → one line. */
  descriptions: Record<string, string>;
  /** Per state: real picture, stand-in (which, why) or none (why). */
  coverage: Coverage[];
  /** How the app runs this machine's protocol, when not through the machine itself. */
  appNote: string | null;
  paths: PathPage[];
}

export interface PathPage {
  path: BookPath;
  /** The test account's e-mail the path signs in with, or null. */
  account: string | null;
  /** Per step: the diagram with the step's state highlighted, and the screenshot file (relative to the book root). */
  steps: StepView[];
}

export interface StepView {
  svg: string;
  /** The picture (the part under review), relative to the book root. */
  shot: string;
  /** The whole page at that step. */
  full: string;
  /** The picture's pixel size (written on the image, so anchors land before it loads). */
  size: { width: number; height: number };
  note: string | null;
  /** Every string the page showed at this step (the copy deck). */
  text: string[];
}

/**
 * What every page of one edition of the book shares: its language, the build's stamp and the
 * problems of the build (listed on the index), and the translator of its content.
 */
export interface BookContext {
  lang: Lang;
  stamp: BookStamp;
  /** Paths that failed and other problems of the build (the index lists them). */
  failures: readonly string[];
  t: Translator;
}

/** The context of a book with no build behind it (tests, previews). */
export const plainContext = (lang: Lang = 'en'): BookContext => ({
  lang,
  stamp: { version: '0.0.0', commit: 'unknown', date: '1970-01-01 00:00 UTC' },
  failures: [],
  t: translator(lang),
});

/** `../` from a page `depth` folders below its edition's root up to the book's root. */
export const toRoot = (lang: Lang, depth: number) => '../'.repeat(depth + (lang === 'en' ? 0 : 1));

/** Where the other language's edition of `file` (relative to the edition's root) is, from `file`. */
function otherEdition(lang: Lang, file: string): string {
  const depth = file.split('/').length - 1;
  return lang === 'en' ? `${'../'.repeat(depth)}pt-BR/${file}` : `${'../'.repeat(depth + 1)}${file}`;
}

/** `1 step`, `3 steps`. */
export const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const CSS = `
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1d2433;margin:0;background:#f5f6f8}
main{max-width:1200px;margin:0 auto;padding:20px 24px 60px}
a{color:#2f6fde}
code{background:#e8ebf0;padding:0 4px;border-radius:3px}
nav.crumbs{font-size:13px;margin-bottom:8px;display:flex;gap:12px}
nav.crumbs .lang{margin-left:auto}
footer.stamp{max-width:1200px;margin:0 auto;padding:0 24px 24px;font-size:12px;color:#5b6478}
.failed{background:#fdecea;border:2px solid #c62828;border-radius:8px;padding:8px 14px;margin:12px 0}
.failed h2{color:#b71c1c;margin:4px 0}
table{border-collapse:collapse;background:#fff;margin:8px 0 16px}
td,th{border:1px solid #d7dce5;padding:4px 8px;text-align:left;vertical-align:top;font-size:14px}
tr.path-failed td{background:#fdecea}
.diagram{overflow:auto;background:#fff;border:1px solid #d7dce5;border-radius:8px;padding:6px;max-height:90vh}
.diagram svg{display:block;max-width:none;height:auto;margin:0 auto}
section.step{background:#fff;border:1px solid #d7dce5;border-radius:8px;padding:12px 16px;margin:16px 0}
section.step h3{margin:0 0 6px;font-size:17px}
.step-body{display:grid;grid-template-columns:minmax(0,1fr);gap:12px}
.step-body .diagram{width:100%;box-sizing:border-box}
.step-body h4{margin:4px 0;font-size:13px;color:#5b6478}
.shot{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:12px;align-items:start}
.shot img{width:100%;height:auto;border:1px solid #d7dce5;border-radius:6px}
.copy{font-size:13px;background:#fafbfc;border:1px solid #e3e7ee;border-radius:6px;padding:6px 10px}
.copy h4{margin:0 0 4px;font-size:13px}
.copy ul{margin:0;padding-left:18px}
.copy .en{color:#5b6478;font-size:12px}
.note{background:#fff8e1;border:1px solid #f0d890;border-radius:6px;padding:6px 10px;font-size:14px}
.from-disk{background:#e8f0fe;border:1px solid #aac4f5;border-radius:6px;padding:6px 10px;font-size:13px}
.muted{color:#5b6478}
@media print{nav.crumbs,.from-disk{display:none}section.step{break-inside:avoid}.diagram{max-height:none;overflow:visible}}
`;

/**
 * Opened from disk (file://), the visualizer links cannot work (the visualizer runs against the
 * reference server): they go to `npm start`'s address instead, and the page says so.
 */
const FROM_DISK = `<script>if(location.protocol==='file:'){for(const a of document.querySelectorAll('a.live-link')){a.href='http://localhost:5173/'+a.getAttribute('href').replace(/^(\\.\\.\\/)+/,'');}const n=document.querySelector('.from-disk');if(n)n.hidden=false;}</script>`;

/** A page of the book: its title, the way home, the other language, the stamp, the book's style. */
export function bookPage(
  title: string,
  depth: number,
  body: string,
  ctx: BookContext = plainContext(),
  file = depth === 0 ? 'index.html' : 'x/index.html',
): string {
  const w = WORDS[ctx.lang];
  const home = depth === 0 ? 'index.html' : '../index.html';
  const stamp = stampLine(ctx.stamp, w.built);
  return `<!doctype html>
<html lang="${w.htmlLang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="pam-client-build" content="${xml(stamp)}">
<title>${xml(title)} · ${xml(w.bookTitle)}</title><style>${CSS}</style></head>
<body><main><nav class="crumbs"><a href="${home}">${xml(w.book)}</a><a class="lang" href="${xml(otherEdition(ctx.lang, file))}" hreflang="${ctx.lang === 'en' ? 'pt-BR' : 'en'}">${xml(w.otherLang)}</a></nav>
<p class="from-disk" hidden>${w.live}</p>
${body}
</main><footer class="stamp" data-testid="stamp">${xml(stamp)}</footer>${FROM_DISK}</body></html>
`;
}

/** Reviewer words for what a step did, in the book's language. */
export function stepText(step: BookStep, ctx: BookContext = plainContext()): string {
  const w = WORDS[ctx.lang];
  const say = (text: string) => xml(ctx.t.say(text));
  if (step.kind === 'start') return w.start;
  if (step.kind === 'user') {
    const type = step.event?.type ?? '';
    const detail = step.name.startsWith(`${type} (`) ? step.name.slice(type.length + 2, -1) : '';
    return w.sends(xml(type), detail ? say(detail) : '');
  }
  if (step.kind === 'timer') return w.timer(xml(step.source ?? ''));
  const [src, answer] = step.name.split(': ');
  if (step.event?.type.startsWith('xstate.snapshot.')) return w.child(xml(src ?? ''), say(answer ?? ''));
  return w.answers(xml(src ?? ''), say(answer ?? ''));
}

/**
 * The visualizer's deep link to a state, relative to a book page `depth` folders below the book's
 * root (`npm start` serves the book at /review-book/ beside /visualizer/); the visualizer replays
 * the book's path to that state and links back to it. Opened from disk, each page sends these
 * links to `npm start`'s address.
 *
 * @example
 * visualizerLink('login', 'twoFactorRequired', 1); // '../../visualizer/#machine=login&state=twoFactorRequired'
 */
export function visualizerLink(machine: string, state: string, depth: number): string {
  return `${'../'.repeat(depth + 1)}visualizer/#${new URLSearchParams({ machine, state }).toString()}`;
}

const inVisualizer = (ctx: BookContext, machine: string, state: string) =>
  `<a class="live-link" href="${xml(visualizerLink(machine, state, ctx.lang === 'en' ? 1 : 2))}" title="${xml(WORDS[ctx.lang].inVisualizerTitle)}">${xml(WORDS[ctx.lang].inVisualizer)}</a>`;

const stateText = (step: BookStep) => step.leaves.map((l) => `<code>${xml(l)}</code>`).join(', ');

function coverageTable(m: MachinePage, ctx: BookContext): string {
  const w = WORDS[ctx.lang];
  const link = (path: string, step: number) =>
    `<a href="${xml(path)}.html#step-${step}">${xml(w.stepN(path, step))}</a>`;
  const rows = m.coverage.map((c) => {
    const cell =
      c.kind === 'real'
        ? `${w.real}: ${link(c.path, c.step)}`
        : c.kind === 'stand-in'
          ? w.standIn(link(c.path, c.step), xml(ctx.t.say(c.why)))
          : c.kind === 'none'
            ? w.none(xml(ctx.t.say(c.why)))
            : `<strong>${w.gap}</strong>`;
    return `<tr class="coverage-${c.kind}"><td><code>${xml(c.state)}</code> ${inVisualizer(ctx, m.id, c.state)}</td><td>${cell}</td></tr>`;
  });
  return `<table data-testid="coverage"><tr><th>${w.state}</th><th>${w.picture}</th></tr>${rows.join('')}</table>`;
}

/** The copy deck of a step: each string in the book's language (pt-BR: the English under it). */
export function copyDeck(text: readonly string[], ctx: BookContext): string {
  const w = WORDS[ctx.lang];
  if (text.length === 0) return `<p class="muted">${w.noText}</p>`;
  const line = (en: string) => {
    const said = ctx.t.say(en);
    return said === en
      ? `<li>${xml(en)}</li>`
      : `<li>${xml(said)} <span class="en" lang="en">(${xml(en)})</span></li>`;
  };
  return `<ul>${text.map(line).join('')}</ul>`;
}

/** The build's failures, at the top of the index: the book says it is incomplete. */
export function failuresBox(ctx: BookContext): string {
  if (ctx.failures.length === 0) return '';
  const w = WORDS[ctx.lang];
  return `<div class="failed" data-testid="failures"><h2>${xml(w.failedTitle(ctx.failures.length))}</h2><p>${xml(w.failedWhy)}</p><ul>${ctx.failures.map((f) => `<li>${xml(f)}</li>`).join('')}</ul></div>`;
}

/** Does this failure line name this path of this machine (`<machine> <slug>: …`)? */
const failedPath = (ctx: BookContext, machine: string, slug: string) =>
  ctx.failures.some((f) => f.startsWith(`${machine} ${slug}:`));

/**
 * Every file of one edition of the book: path (relative to the edition's root) → HTML. The
 * English edition is the book's root, the pt-BR one its `pt-BR/` folder; both use the pictures
 * under the root's `shots/`.
 *
 * @example
 * for (const [file, html] of bookFiles(machines, notes, stats, titles, ctx)) writeFileSync(join(out, file), html);
 */
export function bookFiles(
  machines: MachinePage[],
  cannotShow: string[],
  stats: string,
  /** The responsible-gaming chapter's scenario titles (`responsible-gaming.html`). */
  chapter: readonly string[] = [],
  ctx: BookContext = plainContext(),
): Map<string, string> {
  const w: BookWords = WORDS[ctx.lang];
  const say = (text: string) => xml(ctx.t.say(text));
  const files = new Map<string, string>();
  const pdf = (id: string, depth: number) =>
    `${toRoot(ctx.lang, depth)}${ctx.lang === 'en' ? '' : 'pt-BR/'}${id}.pdf`;
  const failedIn = (m: MachinePage) => m.paths.filter((p) => failedPath(ctx, m.id, p.path.slug)).length;
  const pathPages = () => {
    for (const m of machines) {
      for (const p of m.paths) {
        const file = `${m.id}/${p.path.slug}.html`;
        files.set(file, pathPage(m, p, ctx, file));
      }
    }
  };
  const index = [
    `<h1>${xml(w.bookTitle)}</h1>`,
    failuresBox(ctx),
    `<p>${w.intro}</p>`,
    `<p class="muted">${xml(stats)}</p>`,
    `<table><tr><th>${w.machine}</th><th>${w.paths}</th><th>${w.steps}</th><th>${w.failed}</th><th>${w.pdf}</th></tr>`,
    ...machines.map(
      (m) =>
        `<tr${failedIn(m) > 0 ? ' class="path-failed"' : ''}><td><a id="${xml(m.id)}" href="${xml(m.id)}/index.html">${say(m.title)}</a> <code>${xml(m.id)}</code></td>` +
        `<td>${m.paths.length}</td><td>${m.paths.reduce((n, p) => n + p.steps.length, 0)}</td><td>${failedIn(m)}</td>` +
        `<td><a href="${xml(pdf(m.id, 0))}">${xml(m.id)}.pdf</a></td></tr>`,
    ),
    '</table>',
    `<h2 id="responsible-gaming">${w.rg}</h2>`,
    `<p><a href="responsible-gaming.html">${w.rgLink}</a> (<a href="${xml(pdf('responsible-gaming', 0))}">PDF</a>): ${w.rgWhy}${chapter.length > 0 ? `: ${chapter.map(say).join('; ')}` : ''}.</p>`,
    `<h2 id="app-cannot-show">${w.cannotShow}</h2>`,
    cannotShow.length === 0
      ? `<p>${w.allShown}</p>`
      : `<ul>${cannotShow.map((line) => `<li>${say(line)}</li>`).join('')}</ul>`,
  ];
  for (const m of machines) {
    const rows = Object.entries(m.descriptions).map(
      ([path, text]) =>
        `<tr><td><code>${xml(path)}</code> ${inVisualizer(ctx, m.id, path)}</td><td>${xml(text)}</td></tr>`,
    );
    const list = (kind: BookPath['kind']) =>
      m.paths
        .filter((p) => p.path.kind === kind)
        .map(
          (p) =>
            `<li${failedPath(ctx, m.id, p.path.slug) ? ' class="path-failed"' : ''}><a id="${xml(p.path.slug)}" href="${xml(p.path.slug)}.html">${say(p.path.title)}</a> ` +
            `<span class="muted">(${w.nSteps(p.steps.length - 1)}${p.account ? `, ${xml(w.as(p.account))}` : ''})</span>${failedPath(ctx, m.id, p.path.slug) ? ` <strong>${w.failed}</strong>` : ''}</li>`,
        )
        .join('');
    const body = [
      `<h1>${say(m.title)} <code>${xml(m.id)}</code></h1>`,
      `<p>${xml(m.summary)}</p>`,
      `<p><a href="${xml(pdf(m.id, 1))}">${w.pdfLink}</a> ${w.pdfWhat}</p>`,
      m.appNote ? `<p class="note">${say(m.appNote)}</p>` : '',
      `<div class="diagram" data-testid="product-view">${m.productSvg}</div>`,
      `<details><summary>${xml(w.technical(m.hidden))}</summary><div class="diagram">${m.svg}</div></details>`,
      `<h2>${w.states}</h2>`,
      `<table><tr><th>${w.state}</th><th>${w.description}</th></tr>${rows.join('')}</table>`,
      `<h2>${w.shortest}</h2>`,
      `<ol>${list('shortest')}</ol>`,
      `<h2>${w.scenarios}</h2>`,
      `<ol>${list('scenario')}</ol>`,
      `<h2 id="words">${w.words}</h2>`,
      `<p>${xml(w.wordsOrder.replace('<id>', m.id))}</p>`,
      `<table data-testid="words"><tr><th></th><th>en</th><th>pt-BR</th></tr>${m.words
        .map(
          (row) =>
            `<tr><td><code>${xml(row.name)}</code></td><td lang="en">${xml(row.en)}</td><td lang="pt-BR">${xml(row.pt)}</td></tr>`,
        )
        .join('')}</table>`,
      `<p class="muted">${w.live}</p>`,
      `<h2 id="coverage">${w.coverage}</h2>`,
      `<p>${w.coverageWhy}</p>`,
      coverageTable(m, ctx),
    ];
    files.set(
      `${m.id}/index.html`,
      bookPage(ctx.t.say(m.title), 1, body.join('\n'), ctx, `${m.id}/index.html`),
    );
  }
  pathPages();
  // The index last: the translator has met every string of the edition by now.
  const missing = ctx.lang === 'en' ? [] : ctx.t.missing();
  if (missing.length > 0)
    index.push(
      `<h2 id="missing-translations">${w.missingPt}</h2>`,
      `<p>${w.missingPtWhy}</p>`,
      `<ul data-testid="missing-translations">${missing.map((m) => `<li lang="en">${xml(m)}</li>`).join('')}</ul>`,
    );
  files.set('index.html', bookPage(w.book, 0, index.join('\n'), ctx, 'index.html'));
  return files;
}

/** One path's page: per step, the app's picture and its strings first, then the diagram with the transition just taken. */
function pathPage(m: MachinePage, p: PathPage, ctx: BookContext, file: string): string {
  const w = WORDS[ctx.lang];
  const say = (text: string) => xml(ctx.t.say(text));
  const root = toRoot(ctx.lang, 1);
  const sections = p.path.steps.map((step, i) => {
    const view = p.steps[i]!;
    const alt = w.alt(i, ctx.t.say(p.path.title), step.leaves.join(', '));
    return [
      `<section class="step" id="step-${i}">`,
      `<h3><a href="#step-${i}">${w.step} ${i}</a> → ${stateText(step)} <small>${inVisualizer(ctx, m.id, step.leaves[0] ?? '')}</small></h3>`,
      `<p>${stepText(step, ctx)}</p>`,
      view.note ? `<p class="note">${say(view.note)}</p>` : '',
      '<div class="step-body">',
      '<div class="shot">',
      `<a href="${root}${xml(view.full)}" title="${xml(w.wholePage)}"><img src="${root}${xml(view.shot)}" alt="${xml(alt)}" width="${view.size.width}" height="${view.size.height}" loading="lazy"></a>`,
      `<div class="copy" data-testid="copy-deck"><h4>${w.onScreen}</h4>${copyDeck(view.text, ctx)}<p><a href="${root}${xml(view.full)}">${w.wholePage}</a></p></div>`,
      '</div>',
      `<h4>${w.transitionTaken}</h4>`,
      `<div class="diagram">${view.svg}</div>`,
      '</div></section>',
    ].join('\n');
  });
  const failed = ctx.failures.filter((f) => f.startsWith(`${m.id} ${p.path.slug}:`));
  const body = [
    `<nav class="crumbs"><a href="index.html">${say(m.title)}</a></nav>`,
    `<h1>${say(m.title)}: ${say(p.path.title)}</h1>`,
    failed.length > 0
      ? `<div class="failed"><h2>${xml(w.failedTitle(failed.length))}</h2><ul>${failed.map((f) => `<li>${xml(f)}</li>`).join('')}</ul></div>`
      : '',
    `<p class="muted">${p.path.kind === 'scenario' ? w.scenario : w.shortestPath}, ${w.nSteps(p.path.steps.length - 1)}. ` +
      `${p.account ? w.account(xml(p.account)) : w.noAccount}</p>`,
    ...sections,
  ];
  return bookPage(`${ctx.t.say(m.title)}: ${ctx.t.say(p.path.title)}`, 1, body.join('\n'), ctx, file);
}

// The review book's HTML: an index, a page per machine, a page per path with an anchor per step.
// Static files with relative links and inline SVG, so it opens from disk with no server.

import { xml } from '../../tools/diagrams/svg';
import type { Coverage } from './coverage';
import type { BookPath, BookStep } from './paths';

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

/** `1 step`, `3 steps`. */
export const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const CSS = `
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1d2433;margin:0;background:#f5f6f8}
main{max-width:1200px;margin:0 auto;padding:20px 24px 60px}
a{color:#2f6fde}
code{background:#e8ebf0;padding:0 4px;border-radius:3px}
nav.crumbs{font-size:13px;margin-bottom:8px}
table{border-collapse:collapse;background:#fff;margin:8px 0 16px}
td,th{border:1px solid #d7dce5;padding:4px 8px;text-align:left;vertical-align:top;font-size:14px}
.diagram{overflow:auto;background:#fff;border:1px solid #d7dce5;border-radius:8px;padding:6px;max-height:90vh}
.diagram svg{display:block;max-width:none;height:auto;margin:0 auto}
section.step{background:#fff;border:1px solid #d7dce5;border-radius:8px;padding:12px 16px;margin:16px 0}
section.step h3{margin:0 0 6px;font-size:17px}
.step-body{display:grid;grid-template-columns:minmax(0,1fr);gap:12px}
.step-body .diagram{width:100%;box-sizing:border-box}
.shot{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:12px;align-items:start}
.shot img{width:100%;height:auto;border:1px solid #d7dce5;border-radius:6px}
.copy{font-size:13px;background:#fafbfc;border:1px solid #e3e7ee;border-radius:6px;padding:6px 10px}
.copy h4{margin:0 0 4px;font-size:13px}
.copy ul{margin:0;padding-left:18px}
.note{background:#fff8e1;border:1px solid #f0d890;border-radius:6px;padding:6px 10px;font-size:14px}
.muted{color:#5b6478}
`;

/** A page of the book: its title, the way home, the book's style. */
export function bookPage(title: string, depth: number, body: string): string {
  const home = depth === 0 ? 'index.html' : '../index.html';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${xml(title)} · pam-client review book</title><style>${CSS}</style></head>
<body><main><nav class="crumbs"><a href="${home}">Review book</a></nav>
${body}
</main></body></html>
`;
}

/** Reviewer words for what a step did. */
export function stepText(step: BookStep): string {
  if (step.kind === 'start') return 'The machine starts in its initial state.';
  if (step.kind === 'user') {
    const type = step.event?.type ?? '';
    const detail = step.name.startsWith(`${type} (`) ? step.name.slice(type.length + 2, -1) : '';
    return `The app sends <code>${xml(type)}</code>${detail ? ` with ${xml(detail)}` : ''}.`;
  }
  if (step.kind === 'timer') return `The <code>${xml(step.source ?? '')}</code> timer runs out.`;
  const [src, answer] = step.name.split(': ');
  if (step.event?.type.startsWith('xstate.snapshot.'))
    return `The <code>${xml(src ?? '')}</code> child machine moves: ${xml(answer ?? '')}.`;
  return `<code>${xml(src ?? '')}</code> answers: ${xml(answer ?? '')}.`;
}

/**
 * The visualizer's deep link to a state, relative to a book page `depth` folders below the book's
 * root (`npm start` serves the book at /review-book/ beside /visualizer/); the visualizer replays
 * the book's path to that state and links back to it.
 *
 * @example
 * visualizerLink('login', 'twoFactorRequired', 1); // '../../visualizer/#machine=login&state=twoFactorRequired'
 */
export function visualizerLink(machine: string, state: string, depth: number): string {
  return `${'../'.repeat(depth + 1)}visualizer/#${new URLSearchParams({ machine, state }).toString()}`;
}

const inVisualizer = (machine: string, state: string) =>
  `<a class="live-link" href="${xml(visualizerLink(machine, state, 1))}" title="This state in the live visualizer (npm start)">in the visualizer</a>`;

const stateText = (step: BookStep) => step.leaves.map((l) => `<code>${xml(l)}</code>`).join(', ');

function coverageTable(m: MachinePage): string {
  const link = (path: string, step: number) =>
    `<a href="${xml(path)}.html#step-${step}">${xml(path)}, step ${step}</a>`;
  const rows = m.coverage.map((c) => {
    const cell =
      c.kind === 'real'
        ? `real picture: ${link(c.path, c.step)}`
        : c.kind === 'stand-in'
          ? `stand-in: ${link(c.path, c.step)} shows another screen, because ${xml(c.why)}`
          : c.kind === 'none'
            ? `none: ${xml(c.why)}`
            : '<strong>gap: no picture and no reason</strong>';
    return `<tr class="coverage-${c.kind}"><td><code>${xml(c.state)}</code> ${inVisualizer(m.id, c.state)}</td><td>${cell}</td></tr>`;
  });
  return `<table data-testid="coverage"><tr><th>state</th><th>picture</th></tr>${rows.join('')}</table>`;
}

/**
 * Every file of the book: path (relative to the book root) → HTML.
 *
 * @example
 * for (const [file, html] of bookFiles(machines, notes)) writeFileSync(join(out, file), html);
 */
export function bookFiles(
  machines: MachinePage[],
  cannotShow: string[],
  stats: string,
  /** The responsible-gaming chapter's scenario titles (`responsible-gaming.html`), play time among them. */
  chapter: readonly string[] = [],
): Map<string, string> {
  const files = new Map<string, string>();
  const index = [
    '<h1>pam-client review book</h1>',
    '<p>Every path from the initial state to every reachable state of each machine, computed from the machine ',
    'definitions with <code>xstate/graph</code>, and the named scenarios reviewers ask about. Each step shows the ',
    'event, the diagram with the current state highlighted, and a screenshot of the vanilla example app in that ',
    'state, taken in Chromium against the reference server.</p>',
    `<p class="muted">${xml(stats)}</p>`,
    '<table><tr><th>machine</th><th>paths</th><th>steps</th></tr>',
    ...machines.map(
      (m) =>
        `<tr><td><a id="${xml(m.id)}" href="${xml(m.id)}/index.html">${xml(m.title)}</a> <code>${xml(m.id)}</code></td>` +
        `<td>${m.paths.length}</td><td>${m.paths.reduce((n, p) => n + p.steps.length, 0)}</td></tr>`,
    ),
    '</table>',
    '<h2 id="responsible-gaming">Responsible gaming</h2>',
    `<p><a href="responsible-gaming.html">The responsible-gaming chapter</a>: each scenario with the rule behind it${chapter.length > 0 ? `: ${chapter.map((t) => xml(t)).join('; ')}` : ''}.</p>`,
    '<p>Play time (the <code>playTime</code> machine: time counted across tabs, the alerts at 80 % and 100 %) is pictured in that chapter, on the page clock with the time-limited seed account; its diagram is <code>docs/machines/playTime.svg</code> in the repository.</p>',
    '<h2 id="app-cannot-show">What the app cannot show</h2>',
    cannotShow.length === 0
      ? '<p>Every step of every path was reproduced in the app.</p>'
      : `<ul>${cannotShow.map((line) => `<li>${xml(line)}</li>`).join('')}</ul>`,
  ];
  files.set('index.html', bookPage('Review book', 0, index.join('\n')));

  for (const m of machines) {
    const rows = Object.entries(m.descriptions).map(
      ([path, text]) =>
        `<tr><td><code>${xml(path)}</code> ${inVisualizer(m.id, path)}</td><td>${xml(text)}</td></tr>`,
    );
    const list = (kind: BookPath['kind']) =>
      m.paths
        .filter((p) => p.path.kind === kind)
        .map(
          (p) =>
            `<li><a id="${xml(p.path.slug)}" href="${xml(p.path.slug)}.html">${xml(p.path.title)}</a> ` +
            `<span class="muted">(${count(p.steps.length - 1, 'step')}${p.account ? `, as ${xml(p.account)}` : ''})</span></li>`,
        )
        .join('');
    const body = [
      `<h1>${xml(m.title)} <code>${xml(m.id)}</code></h1>`,
      `<p>${xml(m.summary)}</p>`,
      `<p><a href="../${xml(m.id)}.pdf">PDF for review meetings and audit files</a> (the diagram, then every path as a strip of steps).</p>`,
      m.appNote ? `<p class="note">${xml(m.appNote)}</p>` : '',
      `<div class="diagram" data-testid="product-view">${m.productSvg}</div>`,
      `<details><summary>Technical view: every transition (the product view above leaves out ${count(m.hidden, 'transition')} that stay in their state or that only the machine's own actors send)</summary><div class="diagram">${m.svg}</div></details>`,
      '<h2>States</h2>',
      `<table><tr><th>state</th><th>description</th></tr>${rows.join('')}</table>`,
      '<h2>Shortest path to every state</h2>',
      `<ol>${list('shortest')}</ol>`,
      '<h2>Scenarios</h2>',
      `<ol>${list('scenario')}</ol>`,
      '<h2 id="words">Events and guards, in words</h2>',
      '<p>Where several guarded transitions leave a state on one event, they are tried in the order of the <a href="../../docs/machines/' +
        `${xml(m.id)}.md">transition table</a> (its “tried” column): the first whose guard holds is taken.</p>`,
      `<table data-testid="words"><tr><th></th><th>en</th><th>pt-BR</th></tr>${m.words
        .map(
          (w) =>
            `<tr><td><code>${xml(w.name)}</code></td><td>${xml(w.en)}</td><td lang="pt-BR">${xml(w.pt)}</td></tr>`,
        )
        .join('')}</table>`,
      `<p class="muted">Live: <code>npm start</code> serves this book at <code>/review-book/</code> beside <a href="${xml(`${'../'.repeat(2)}visualizer/#machine=${m.id}`)}">the visualizer</a>; each state below links to it (the visualizer replays this book's path to the state and links back).</p>`,
      '<h2 id="coverage">Coverage per state</h2>',
      '<p>Every state has a real picture (the app showing that state), a stand-in (the picture shows another screen: which, and why) or none (why). The build fails on a state with neither.</p>',
      coverageTable(m),
    ];
    files.set(`${m.id}/index.html`, bookPage(m.title, 1, body.join('\n')));

    for (const p of m.paths) {
      const sections = p.path.steps.map((step, i) => {
        const view = p.steps[i]!;
        const alt = `The app after step ${i} of "${p.path.title}": ${step.leaves.join(', ')}`;
        const copy =
          view.text.length === 0
            ? '<p class="muted">No text on screen.</p>'
            : `<ul>${view.text.map((line) => `<li>${xml(line)}</li>`).join('')}</ul>`;
        return [
          `<section class="step" id="step-${i}">`,
          `<h3><a href="#step-${i}">Step ${i}</a> → ${stateText(step)} <small>${inVisualizer(m.id, step.leaves[0] ?? '')}</small></h3>`,
          `<p>${stepText(step)}</p>`,
          view.note ? `<p class="note">${xml(view.note)}</p>` : '',
          '<div class="step-body">',
          `<div class="diagram">${view.svg}</div>`,
          '<div class="shot">',
          `<a href="../${xml(view.full)}" title="The whole page"><img src="../${xml(view.shot)}" alt="${xml(alt)}" width="${view.size.width}" height="${view.size.height}" loading="lazy"></a>`,
          `<div class="copy" data-testid="copy-deck"><h4>On screen (copy deck)</h4>${copy}<p><a href="../${xml(view.full)}">The whole page</a></p></div>`,
          '</div></div></section>',
        ].join('\n');
      });
      const body2 = [
        `<nav class="crumbs"><a href="index.html">${xml(m.title)}</a></nav>`,
        `<h1>${xml(m.title)}: ${xml(p.path.title)}</h1>`,
        `<p class="muted">${p.path.kind === 'scenario' ? 'Scenario' : 'Shortest path'}, ${count(p.path.steps.length - 1, 'step')}. ` +
          `${p.account ? `Test account: <strong>${xml(p.account)}</strong> (a seed account of the reference server).` : 'No test account.'}</p>`,
        ...sections,
      ];
      files.set(`${m.id}/${p.path.slug}.html`, bookPage(`${m.title}: ${p.path.title}`, 1, body2.join('\n')));
    }
  }
  return files;
}

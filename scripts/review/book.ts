// `npm run review`: builds the review book (review-book/) and, with --check, checks it. See
// docs/review.md. Paths come from paths.ts, the app is driven by app-driver.ts with the tables of
// app-tables.ts, the pages are written by site.ts.

import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type Browser, chromium } from 'playwright';
import { DIAGRAM_MACHINES, describedGraph, descriptionsOf } from '../../tools/diagrams/generate';
import type { TransitionInfo } from '../../tools/diagrams/graph';
import { layoutMachine } from '../../tools/diagrams/layout';
import { hiddenInProductView, productView } from '../../tools/diagrams/product-view';
import { toSvg } from '../../tools/diagrams/svg';
import { eventWords, guardKey, guardWords, missingWords, triggersOf } from '../../tools/diagrams/words';
import { buildExample } from '../demo/build.mjs';
import { type AppMachine, notInApp, runPath } from './app-driver';
import * as appTables from './app-tables';
import {
  incomeReportApp,
  loginApp,
  NEW_PLAYER_PASSWORD,
  registrationApp,
  sessionApp,
  stepUpApp,
  tokenRefreshApp,
} from './app-tables';
import { arrowWordsPtBR } from './arrow-words';
import { LANGS, type Lang, WORDS } from './book-words';
import { chapterHtml, chapterShot } from './chapter-page';
import { launchOptions } from './chromium.mjs';
import { coverageGaps, coverageOf } from './coverage';
import { type BookPath, bookPaths, type ReviewMachine } from './paths';
import { pictureFile } from './pictures';
import { distinctColours, pngSize } from './png';
import { printPage, printPdfs } from './print';
import { type ChapterResult, NOT_IN_APP, playChapter, RESPONSIBLE_GAMING } from './responsible-gaming';
import * as reviewMachines from './review-machines';
import {
  incomeReportReview,
  loginReview,
  registrationReview,
  sessionReview,
  stepUpReview,
  tokenRefreshReview,
} from './review-machines';
import { type BookContext, bookFiles, type MachinePage } from './site';
import { ROOT } from './sources.mjs';
import { bookStamp } from './stamp';
import { accountEmail, accountOf } from './step-truth';
import { translator } from './translate';

/** Every event and guard of `graph` with its words in en and pt-BR, for the machine's page. */
function wordRows(graph: Parameters<typeof triggersOf>[0], words: Parameters<typeof eventWords>[0]) {
  const { events, guards } = triggersOf(graph);
  return [
    ...events.map((e) => ({
      kind: 'event' as const,
      name: e,
      en: eventWords(words, e, 'en') ?? '',
      pt: eventWords(words, e, 'pt-BR') ?? '',
    })),
    ...guards.map((g) => ({
      kind: 'guard' as const,
      name: `[${g}]`,
      en: guardWords(words, g, 'en') ?? '',
      pt: guardWords(words, g, 'pt-BR') ?? '',
    })),
  ];
}

/** Paths played at once (REVIEW_PATHS_AT_ONCE, default 2). */
const PATHS_AT_ONCE = Math.max(1, Number(process.env.REVIEW_PATHS_AT_ONCE) || 2);

export interface BookEntry {
  review: ReviewMachine;
  app: AppMachine;
}

/** `<id>Review` of review-machines.ts with `<id>App` of app-tables.ts, when both exist. */
function optionalEntry(id: string): BookEntry[] {
  const review = (reviewMachines as Record<string, unknown>)[`${id}Review`] as ReviewMachine | undefined;
  const app = (appTables as Record<string, unknown>)[`${id}App`] as AppMachine | undefined;
  return review && app ? [{ review, app }] : [];
}

/** The machines of the book and how the app shows them. */
export const BOOK: BookEntry[] = [
  { review: sessionReview, app: sessionApp },
  { review: loginReview, app: loginApp },
  { review: tokenRefreshReview, app: tokenRefreshApp },
  { review: incomeReportReview, app: incomeReportApp },
  { review: registrationReview, app: registrationApp },
  { review: stepUpReview, app: stepUpApp },
  // Play time gets its page and PDF as soon as its paths (`playTimeReview`) and its app table
  // (`playTimeApp`) exist (issue 30 adds them).
  ...optionalEntry('playTime'),
];

/** Strings that must never appear in a page of the book (typed into the app by the driver). */
export const FORBIDDEN = [
  'Secret123!',
  NEW_PLAYER_PASSWORD,
  'Wr0ng-Passw0rd!',
  '909090',
  '123456',
  'canary-PASSWORD-7f3a9',
  'canary-CODE-55120',
  'canary-CAPTCHA-0b1e',
  'canary-TOKEN-c0ffee',
];

export interface BookSummary {
  machines: { id: string; paths: number; steps: number; screenshots: number }[];
  cannotShow: string[];
  failures: string[];
  seconds: number;
  /** The access tokens issued while the book was made (for `checkBook`). */
  tokens: string[];
  /** Strings on screen or in the book with no pt-BR translation (listed by the build and on the pt-BR index). */
  untranslated: string[];
}

/**
 * Builds the book into `out`.
 *
 * @example
 * const summary = await buildBook('review-book');
 */
export async function buildBook(
  out: string,
  log: (line: string) => void = console.log,
): Promise<BookSummary> {
  const started = Date.now();
  const appDir = await mkdtemp(join(tmpdir(), 'pam-review-app-'));
  let browser: Browser | undefined;
  const summary: BookSummary = {
    machines: [],
    cannotShow: [],
    failures: [],
    seconds: 0,
    tokens: [],
    untranslated: [],
  };
  const tokens = new Set<string>();
  // What the app showed untranslated in pt-BR (its console), across every path and the chapter.
  const appUntranslated = new Set<string>();
  try {
    const [, launched] = await Promise.all([
      buildExample('vanilla', appDir),
      chromium.launch(launchOptions()),
    ]);
    browser = launched;
    await rm(out, { recursive: true, force: true });
    const pages: MachinePage[] = [];
    const pagesPt: MachinePage[] = [];
    const only = process.env.REVIEW_ONLY?.split(',');
    // Two paths at a time (each has its own servers and browser context): most of a path's time
    // is waiting for the page, so this halves the build on a small machine. One queue for every
    // machine's paths and the responsible-gaming chapter's scenarios (each has its own servers and
    // context too), so no machine's last path, nor the chapter, plays alone while a worker idles.
    const jobs: (() => Promise<void>)[] = [];
    const scenarios = !only || only.includes('responsible-gaming') ? RESPONSIBLE_GAMING : [];
    const played = new Map<string, ChapterResult[]>();
    for (const { id } of scenarios)
      jobs.push(async () => {
        played.set(id, await playChapter(browser!, appDir, tokens, [id], appUntranslated));
      });
    const machines = BOOK.filter((b) => !only || only.includes(b.review.id)).map(({ review, app }) => {
      const doc = DIAGRAM_MACHINES.find((m) => m.machine.id === review.id);
      if (!doc) throw new Error(`${review.id} is not a machine of pam-client/machines`);
      const paths = bookPaths(review);
      const written = new Set<string>();
      // Every path runs on its own (no picture is shared between paths): the account and the
      // message on screen are the path's own, and each step's page text is checked against them.
      const texts = new Map<string, string[][]>();
      const sizes = new Map<string, { width: number; height: number }>();
      const runOne = async (path: BookPath) => {
        try {
          const shots = await runPath(browser!, appDir, app, path, tokens, appUntranslated);
          for (const shot of shots) {
            for (const [lang, { png, full }] of [
              ['en', shot],
              ['pt-BR', shot.pt],
            ] as const) {
              const file = pictureFile(path, shot.step, false, lang);
              await mkdir(dirname(join(out, file)), { recursive: true });
              await writeFile(join(out, file), png);
              await writeFile(join(out, pictureFile(path, shot.step, true, lang)), full);
              sizes.set(file, pngSize(png));
            }
            written.add(pictureFile(path, shot.step));
          }
          texts.set(
            path.slug,
            shots.map((s) => s.text),
          );
          log(`  ${review.id} ${path.slug}: ${shots.length} screenshots`);
        } catch (error) {
          summary.failures.push(`${review.id} ${path.slug}: ${(error as Error).message.split('\n')[0]}`);
          log(`  ${review.id} ${path.slug}: FAILED ${(error as Error).message.split('\n')[0]}`);
        }
      };
      for (const path of paths) jobs.push(() => runOne(path));
      return { review, app, doc, paths, written, texts, sizes };
    });
    const worker = async () => {
      for (let job = jobs.shift(); job; job = jobs.shift()) await job();
    };
    await Promise.all(Array.from({ length: PATHS_AT_ONCE }, worker));
    for (const { review, app, doc, paths, written, texts, sizes } of machines) {
      const graph = describedGraph(doc);
      const layout = await layoutMachine(graph);
      const descriptions = descriptionsOf(graph);
      // A guard or event without words in en and pt-BR fails the build (docs/machines/descriptions.json).
      summary.failures.push(
        ...missingWords(graph, doc.words ?? {}).map((m) => `${review.id}: no words for ${m}`),
      );
      const coverage = coverageOf(graph, paths, app);
      summary.failures.push(...coverageGaps(review.id, coverage));
      const reached = new Set(paths.flatMap((p) => p.steps.flatMap((s) => s.states)));
      for (const [leaf, why] of Object.entries(app.invisible ?? {})) {
        if (reached.has(leaf)) summary.cannotShow.push(`${review.id} state ${leaf}: ${why}`);
      }
      if (app.onlyDiagram) summary.cannotShow.push(`${review.id} (every path): ${app.onlyDiagram}`);
      for (const [step, why] of Object.entries(app.machineOnly ?? {})) {
        const where = paths.filter((p) => p.steps.some((s) => s.name === step)).map((p) => p.slug);
        if (where.length > 0)
          summary.cannotShow.push(`${review.id} step "${step}" (${where.join(', ')}): ${why}`);
      }
      // The pt-BR edition's diagrams say the arrows in pt-BR words (arrow-words.ts), the English
      // edition's name the events and guards, as docs/machines does.
      const ptWords = arrowWordsPtBR(doc.words ?? {});
      const product = productView(graph, doc.productGroups);
      const layouts = {
        en: { full: layout, product: await layoutMachine(product) },
        'pt-BR': {
          full: await layoutMachine(graph, ptWords),
          product: await layoutMachine(product, ptWords),
        },
      };
      // One page per edition: the pt-BR one with the machine's pt-BR summary and state lines
      // (docs/machines/descriptions.json), as the diagrams' tooltips too.
      const edition = (lang: Lang): MachinePage => {
        const described = lang === 'en' ? descriptions : { ...descriptions, ...doc.ptBR.states };
        // Each arrow's tooltip says the transition in the edition's words (event, then guard).
        const said = (t: TransitionInfo, from: string | null) => {
          const key = guardKey(t, from);
          return [
            eventWords(doc.words ?? {}, t.event, lang),
            key ? guardWords(doc.words ?? {}, key, lang) : null,
          ]
            .filter(Boolean)
            .join(' ');
        };
        return {
          id: review.id,
          title: review.title,
          summary: lang === 'en' ? doc.summary : doc.ptBR.summary || doc.summary,
          svg: toSvg(layouts[lang].full, { descriptions: described, words: said }),
          productSvg: toSvg(layouts[lang].product, { descriptions: described, words: said }),
          hidden: hiddenInProductView(graph),
          words: wordRows(graph, doc.words ?? {}),
          descriptions: described,
          coverage,
          appNote: app.appNote ?? null,
          paths: paths.map((path) => ({
            path,
            account: accountEmail(accountOf(app, path)),
            steps: path.steps.map((step, i) => ({
              // The arrow just taken (from the states before this step), not what may come next.
              svg: toSvg(layouts[lang].full, {
                highlight: step.leaves,
                descriptions: described,
                ...(i > 0 ? { taken: { from: path.steps[i - 1]!.leaves, to: step.leaves } } : {}),
              }),
              // The app photographed in the edition's language.
              shot: pictureFile(path, i, false, lang),
              full: pictureFile(path, i, true, lang),
              size: sizes.get(pictureFile(path, i, false, lang)) ?? { width: 900, height: 900 },
              text: texts.get(path.slug)?.[i] ?? [],
              note:
                [notInApp(app, step.name), ...step.leaves.map((l) => app.invisible?.[l])]
                  .filter(Boolean)
                  .join(' ') || null,
            })),
          })),
        };
      };
      pages.push(edition('en'));
      pagesPt.push(edition('pt-BR'));
      summary.machines.push({
        id: review.id,
        paths: paths.length,
        steps: paths.reduce((n, p) => n + p.steps.length, 0),
        screenshots: written.size,
      });
    }
    // The responsible-gaming chapter (played in the queue above): each scenario with its rule.
    const chapter = scenarios.flatMap(({ id }) => played.get(id) ?? []);
    const chapterSizes = new Map<string, { width: number; height: number }>();
    for (const result of chapter) {
      if (result.failure)
        summary.failures.push(`responsible gaming "${result.scenario.title}": ${result.failure}`);
      log(`  responsible-gaming ${result.scenario.id}: ${result.steps.length} screenshots`);
      for (const [i, step] of result.steps.entries()) {
        for (const [lang, { png, full }] of [
          ['en', step],
          ['pt-BR', step.pt],
        ] as const) {
          const file = chapterShot(result.scenario.id, i, false, lang);
          await mkdir(dirname(join(out, file)), { recursive: true });
          await writeFile(join(out, file), png);
          await writeFile(join(out, chapterShot(result.scenario.id, i, true, lang)), full);
          chapterSizes.set(file, pngSize(png));
        }
      }
    }
    summary.tokens = [...tokens];
    summary.seconds = Math.round((Date.now() - started) / 100) / 10;
    const stamp = bookStamp(ROOT);
    const titles = chapter.map((r) => r.scenario.title);
    const paths = summary.machines.reduce((n, m) => n + m.paths, 0);
    const failedPaths = summary.failures.filter((f) =>
      pages.some((m) => m.paths.some((p) => f.startsWith(`${m.id} ${p.path.slug}:`))),
    ).length;
    const shots = summary.machines.reduce((n, m) => n + m.screenshots, 0);
    // A string of the pt-BR edition or of the app in pt-BR with no translation fails the build: a
    // dry run of that edition finds them first, so both editions' indexes list them.
    const dry: BookContext = { lang: 'pt-BR', stamp, failures: [], t: translator('pt-BR') };
    for (const text of appUntranslated) dry.t.say(text);
    if (chapter.length > 0) chapterHtml(chapter, chapterSizes, NOT_IN_APP, dry);
    for (const m of pagesPt) printPage(m, dry);
    bookFiles(pagesPt, summary.cannotShow, '', titles, dry);
    summary.untranslated = dry.t.missing();
    summary.failures.push(...summary.untranslated.map((text) => `pt-BR: no translation for "${text}"`));
    for (const lang of LANGS) {
      // Each edition in its folder (pt-BR/), the pictures shared at the book's root.
      const dir = lang === 'en' ? out : join(out, lang);
      const ctx: BookContext = { lang, stamp, failures: summary.failures, t: translator(lang) };
      for (const text of lang === 'en' ? [] : appUntranslated) ctx.t.say(text);
      const stats = WORDS[lang].stats(paths, failedPaths, shots, summary.seconds);
      const editionPages = lang === 'en' ? pages : pagesPt;
      // The chapter first: the index (written last by bookFiles) lists every missing translation.
      await mkdir(dir, { recursive: true });
      if (chapter.length > 0)
        await writeFile(
          join(dir, 'responsible-gaming.html'),
          chapterHtml(chapter, chapterSizes, NOT_IN_APP, ctx),
        );
      for (const m of editionPages) {
        await mkdir(join(dir, m.id), { recursive: true });
        await writeFile(join(dir, m.id, 'print.html'), printPage(m, ctx));
      }
      for (const [file, html] of bookFiles(editionPages, summary.cannotShow, stats, titles, ctx)) {
        await mkdir(dirname(join(dir, file)), { recursive: true });
        await writeFile(join(dir, file), html);
      }
      const prefix = lang === 'en' ? '' : `${lang}/`;
      await printPdfs(
        browser,
        out,
        [
          ...editionPages.map((m) => ({
            html: `${prefix}${m.id}/print.html`,
            pdf: `${prefix}${m.id}.pdf`,
            landscape: true,
          })),
          ...(chapter.length > 0
            ? [
                {
                  html: `${prefix}responsible-gaming.html`,
                  pdf: `${prefix}responsible-gaming.pdf`,
                  landscape: false,
                },
              ]
            : []),
        ],
        ctx,
      );
    }
    return summary;
  } finally {
    await browser?.close();
    await rm(appDir, { recursive: true, force: true });
  }
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/**
 * Checks a built book: every path page with every step, every screenshot present and not a single
 * colour, no forbidden string in any page (text, alt text, attributes). Returns the problems.
 *
 * @example
 * const problems = await checkBook('review-book'); // [] when all is well
 */
export async function checkBook(out: string, secrets: readonly string[] = []): Promise<string[]> {
  const problems: string[] = [];
  for (const { review } of BOOK) {
    for (const path of bookPaths(review)) {
      const file = join(out, review.id, `${path.slug}.html`);
      if (!existsSync(file)) {
        problems.push(`missing page ${review.id}/${path.slug}.html`);
        continue;
      }
      const html = await readFile(file, 'utf8');
      path.steps.forEach((_, i) => {
        if (!html.includes(`id="step-${i}"`))
          problems.push(`${review.id}/${path.slug}.html has no step ${i}`);
      });
      for (const [, src] of html.matchAll(/<img src="\.\.\/([^"]+)"/g)) {
        const png = join(out, src!);
        if (!existsSync(png)) problems.push(`${review.id}/${path.slug}.html: missing ${src}`);
        else if (distinctColours(await readFile(png)) < 2) problems.push(`${src} is blank (one colour)`);
      }
      if ((html.match(/<img /g) ?? []).length !== path.steps.length)
        problems.push(`${review.id}/${path.slug}.html: not one screenshot per step`);
    }
  }
  // Every machine's PDF and the chapter's, in both editions.
  const pdfs = [...BOOK.map((b) => `${b.review.id}.pdf`), 'responsible-gaming.pdf'];
  for (const name of LANGS.flatMap((lang) => pdfs.map((p) => (lang === 'en' ? p : `${lang}/${p}`)))) {
    const pdf = join(out, name);
    if (!existsSync(pdf)) problems.push(`missing ${name}`);
    else if (!(await readFile(pdf)).subarray(0, 5).equals(Buffer.from('%PDF-')))
      problems.push(`${name} is not a PDF`);
  }
  // The other editions show the app in their language: their own pictures, present and not blank.
  for (const lang of LANGS.filter((l) => l !== 'en')) {
    for (const { review } of BOOK) {
      for (const path of bookPaths(review)) {
        const page = `${lang}/${review.id}/${path.slug}.html`;
        if (!existsSync(join(out, page))) {
          problems.push(`missing page ${page}`);
          continue;
        }
        const html = await readFile(join(out, page), 'utf8');
        for (const [, src] of html.matchAll(/<img src="\.\.\/\.\.\/([^"]+)"/g)) {
          const png = join(out, src!);
          if (!src!.startsWith(`shots/${lang}/`)) problems.push(`${page} shows the app in English (${src})`);
          else if (!existsSync(png)) problems.push(`${page}: missing ${src}`);
          else if (distinctColours(await readFile(png)) < 2) problems.push(`${src} is blank (one colour)`);
        }
      }
    }
  }
  for (const file of await filesUnder(out)) {
    if (!file.endsWith('.html')) continue;
    const html = await readFile(file, 'utf8');
    // Every page says what it was built from (print pages: their PDF's footer says it).
    if (!file.endsWith('print.html') && !html.includes('data-testid="stamp"'))
      problems.push(`${file} has no version, commit and date`);
    for (const secret of [...FORBIDDEN, ...secrets]) {
      if (html.includes(secret)) problems.push(`${file} contains a secret`);
    }
    if (/(src|href)="(\/|https?:)/.test(html)) problems.push(`${file} has an absolute link`);
  }
  return problems;
}

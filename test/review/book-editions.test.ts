// Issue 31 items 3, 4, 6 and 8: a failed build says so on its index, every page carries the
// version, the commit and the date, the book has a pt-BR edition (its strings from the tables, the
// missing ones listed), a step page shows the app first, and a large diagram prints in legible tiles.

import { describe, expect, it } from 'vitest';
import { bookPaths } from '../../scripts/review/paths';
import { diagramSheets, printPage } from '../../scripts/review/print';
import { loginReview } from '../../scripts/review/review-machines';
import { type BookContext, bookFiles, copyDeck, type MachinePage } from '../../scripts/review/site';
import { stampLine } from '../../scripts/review/stamp';
import { translator } from '../../scripts/review/translate';

const paths = bookPaths(loginReview);
const page: MachinePage = {
  id: 'login',
  title: 'Login',
  summary: 'Signs a player in.',
  svg: '<svg viewBox="0 0 400 300" data-machine="login"></svg>',
  productSvg: '<svg></svg>',
  hidden: 0,
  words: [],
  descriptions: { idle: 'waits' },
  coverage: [],
  appNote: null,
  paths: paths.map((path) => ({
    path,
    account: null,
    steps: path.steps.map((_, i) => ({
      svg: `<svg class="step-diagram-${i}"></svg>`,
      shot: `shots/login/${path.slug}/${i}.png`,
      full: `shots/login/${path.slug}/${i}-full.png`,
      size: { width: 10, height: 10 },
      note: null,
      text: ['Password', 'Your session expired. Please log in again.', 'Something the table lacks'],
    })),
  })),
};
const stamp = { version: '9.8.7', commit: 'abc1234', date: '2026-11-28 05:00 UTC' };
const ctx = (lang: BookContext['lang'], failures: string[] = []): BookContext => ({
  lang,
  stamp,
  failures,
  t: translator(lang),
});
const failed = paths[1]!;

describe('the review book, as an audit file', () => {
  it('lists a failed path on the index and on its page, and says the build failed', () => {
    const files = bookFiles([page], [], '', [], ctx('en', [`login ${failed.slug}: timed out`]));
    const index = files.get('index.html')!;
    expect(index).toContain('data-testid="failures"');
    expect(index).toContain('This build FAILED: 1 problem');
    expect(index).toContain(`login ${failed.slug}: timed out`);
    expect(index).toMatch(/<tr class="path-failed">[^\n]*login/);
    expect(files.get(`login/${failed.slug}.html`)).toContain('timed out');
    expect(bookFiles([page], [], '', [], ctx('en')).get('index.html')).not.toContain('FAILED');
  });

  it('stamps every page with the version, the commit and the date', () => {
    for (const lang of ['en', 'pt-BR'] as const) {
      const files = bookFiles([page], [], '', [], ctx(lang));
      expect(files.size).toBe(paths.length + 2);
      for (const [file, html] of files) {
        expect(html, file).toContain('data-testid="stamp"');
        expect(html, file).toContain('9.8.7');
        expect(html, file).toContain('abc1234');
        expect(html, file).toContain('2026-11-28 05:00 UTC');
      }
    }
    expect(stampLine(stamp)).toBe('pam-client 9.8.7 · commit abc1234 · built 2026-11-28 05:00 UTC');
  });

  it('builds a pt-BR edition that links the other edition', () => {
    const files = bookFiles([page], [], '', [], ctx('pt-BR'));
    const index = files.get('index.html')!;
    expect(index).toContain('<html lang="pt-BR">');
    expect(index).toContain('Livro de revisão');
    expect(index).toContain('href="../index.html" hreflang="en"');
    const step = files.get(`login/${paths[0]!.slug}.html`)!;
    expect(step).toContain(`src="../../shots/login/${paths[0]!.slug}/0.png"`);
    expect(step).toContain('../../../visualizer/#machine=login');
    expect(bookFiles([page], [], '', [], ctx('en')).get('index.html')).toContain(
      'href="pt-BR/index.html" hreflang="pt-BR"',
    );
  });

  it('sends the visualizer links to `npm start` when a page is opened from disk, and says so', () => {
    const html = bookFiles([page], [], '', [], ctx('en')).get('login/index.html')!;
    expect(html).toContain("if(location.protocol==='file:')");
    expect(html).toContain("a.href='http://localhost:5173/'");
    expect(html).toMatch(/<p class="from-disk" hidden>[^<]*<code>npm start<\/code>/);
  });

  it("lists each step's strings in pt-BR beside its picture, and the strings without a translation", () => {
    const deck = copyDeck(page.paths[0]!.steps[0]!.text, ctx('pt-BR'));
    expect(deck).toContain('Senha');
    expect(deck).toContain('Sua sessão expirou. Entre novamente.');
    const files = bookFiles([page], [], '', [], ctx('pt-BR'));
    expect(files.get('index.html')).toMatch(/missing-translations[\s\S]*Something the table lacks/);
  });

  it('shows the app first on a step page, then the diagram with the transition just taken', () => {
    const html = bookFiles([page], [], '', [], ctx('en')).get(`login/${paths[1]!.slug}.html`)!;
    const step1 = html.slice(html.indexOf('id="step-1"'));
    expect(step1.indexOf('<img ')).toBeGreaterThan(-1);
    expect(step1.indexOf('<img ')).toBeLessThan(step1.indexOf('step-diagram-1'));
  });

  it('prints a large diagram in tiles whose words stay legible on A4 (about 8 pt)', () => {
    const svg = '<svg viewBox="0 0 2237 1141" data-machine="session"></svg>';
    const sheets = diagramSheets(svg, 'Session');
    expect(sheets.length).toBe(4);
    const width = Number(/width:([\d.]+)mm;height/.exec(sheets[0]!)![1]);
    const textMm = (width / 2237) * 12; // the diagrams' 12 px text
    expect(textMm).toBeGreaterThan(2.5);
    expect(diagramSheets('<svg viewBox="0 0 600 400"></svg>', 'Login')).toHaveLength(1);
    expect(printPage(page).match(/data-machine="login"/g)).toHaveLength(1);
  });
});

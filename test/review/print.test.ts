// Issue 19 item 15: a PDF per machine, from a print page with the diagram once and every path as
// a strip of step thumbnails with their words; the book's check fails without it.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOOK, checkBook } from '../../scripts/review/book';
import { bookPaths } from '../../scripts/review/paths';
import { printPage } from '../../scripts/review/print';

describe('the print page of a machine', () => {
  it('has the diagram once and one thumbnail with its words per step of every path', () => {
    const { review } = BOOK.find((b) => b.review.id === 'login')!;
    const paths = bookPaths(review);
    const html = printPage({
      id: 'login',
      title: 'Login',
      summary: 'The login flow.',
      svg: '<svg data-machine="login"></svg>',
      productSvg: '',
      hidden: 0,
      words: [],
      descriptions: {},
      coverage: [],
      appNote: null,
      paths: paths.map((path) => ({
        path,
        account: 'twofactor@example.com',
        steps: path.steps.map((_, i) => ({
          svg: '',
          shot: `shots/login/${path.slug}/${i}.png`,
          full: `shots/login/${path.slug}/${i}-full.png`,
          size: { width: 700, height: 380 },
          note: null,
          text: [],
        })),
      })),
    });
    expect(html.match(/data-machine="login"/g)).toHaveLength(1);
    const steps = paths.reduce((n, p) => n + p.steps.length, 0);
    expect(html.match(/<img /g)).toHaveLength(steps);
    expect(html).toContain('width="700" height="380"');
    expect(html).toContain('The app sends <code>SUBMIT</code> with e-mail and password.');
  });

  it('is required by the check: a book without its PDFs fails', async () => {
    const out = await mkdtemp(join(tmpdir(), 'pam-review-pdf-'));
    try {
      const problems = await checkBook(out);
      for (const { review } of BOOK) expect(problems).toContain(`missing ${review.id}.pdf`);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });
});

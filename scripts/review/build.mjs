// `npm run review`: builds the review book into review-book/ (see docs/review.md).
//
//   node scripts/review/build.mjs            build it
//   node scripts/review/build.mjs --check    build it, then check it (CI): every path rendered,
//                                            every screenshot non-blank, no secret in any page
//
// Exits 1 when a path cannot be reproduced in the app, a string of the pt-BR edition has no
// translation, or a check fails.

import { join } from 'node:path';
import { closeSources, importSources, ROOT } from './sources.mjs';

const check = process.argv.includes('--check');
const out = join(ROOT, 'review-book');
const { buildBook, checkBook } = await importSources('scripts/review/book.ts');

const summary = await buildBook(out);
for (const m of summary.machines) {
  console.log(`${m.id}: ${m.paths} paths, ${m.steps} steps, ${m.screenshots} screenshots`);
}
const paths = summary.machines.reduce((n, m) => n + m.paths, 0);
const shots = summary.machines.reduce((n, m) => n + m.screenshots, 0);
console.log(
  `review book: ${paths} paths, ${shots} screenshots in ${summary.seconds} s -> review-book/index.html`,
);
if (summary.cannotShow.length > 0) {
  console.log('the app cannot show:');
  for (const line of summary.cannotShow) console.log(`  ${line}`);
}
if (summary.untranslated.length > 0) {
  // Failed (listed with the failures below): the pt-BR edition shows these in English.
  console.log(
    `pt-BR edition: ${summary.untranslated.length} string(s) without a translation ` +
      '(examples/shared/app-pt-BR.ts, scripts/review/translate.ts, scripts/review/chapter-pt-BR.ts):',
  );
  for (const line of summary.untranslated) console.log(`  ${line}`);
}
let failed = false;
if (summary.failures.length > 0) {
  failed = true;
  console.error(`the book is incomplete: ${summary.failures.length} problem(s):`);
  for (const line of summary.failures) console.error(`  ${line}`);
}
if (check) {
  const problems = await checkBook(out, summary.tokens);
  if (problems.length > 0) {
    failed = true;
    console.error(`review book check: ${problems.length} problem(s)`);
    for (const line of problems) console.error(`  ${line}`);
  } else {
    console.log(
      'review book check: every path rendered in en and pt-BR, every screenshot non-blank, every page stamped, every PDF present, no secret in any page ' +
        `(nor any of the ${summary.tokens.length} access tokens the run's servers issued)`,
    );
  }
}
await closeSources();
process.exit(failed ? 1 : 0);

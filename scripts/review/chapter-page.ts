// The responsible-gaming chapter's page (responsible-gaming.html): per scenario its rule, its test
// account and its steps, each picture beside the strings on screen, the whole page one click away.

import { xml } from '../../tools/diagrams/svg';
import { type Lang, WORDS } from './book-words';
import type { ChapterResult } from './responsible-gaming';
import { type BookContext, bookPage, copyDeck, plainContext, toRoot } from './site';

/** Where step `index` of scenario `id` is filed, relative to the book root (the app in pt-BR under `shots/pt-BR/`). */
export const chapterShot = (id: string, index: number, whole = false, lang: Lang = 'en') =>
  `shots/${lang === 'en' ? '' : `${lang}/`}responsible-gaming/${id}/${index}${whole ? '-full' : ''}.png`;

/**
 * The chapter's HTML.
 *
 * @example
 * writeFileSync('review-book/responsible-gaming.html', chapterHtml(results, sizes, notInApp));
 */
export function chapterHtml(
  results: readonly ChapterResult[],
  sizes: ReadonlyMap<string, { width: number; height: number }>,
  notInApp: readonly { title: string; why: string }[],
  ctx: BookContext = plainContext(),
): string {
  const w = WORDS[ctx.lang];
  const say = (text: string) => xml(ctx.t.say(text));
  const root = toRoot(ctx.lang, 0);
  const sections = results.map(({ scenario, email, steps, failure }) => {
    const figures = steps.map((step, i) => {
      const shot = chapterShot(scenario.id, i, false, ctx.lang);
      const size = sizes.get(shot) ?? { width: 900, height: 900 };
      return [
        `<section class="step" id="${xml(scenario.id)}-step-${i + 1}">`,
        `<h3><a href="#${xml(scenario.id)}-step-${i + 1}">${w.step} ${i + 1}</a>: ${say(step.caption)}</h3>`,
        '<div class="shot">',
        `<a href="${root}${xml(chapterShot(scenario.id, i, true, ctx.lang))}" title="${xml(w.wholePage)}"><img src="${root}${xml(shot)}" alt="${say(step.caption)}" width="${size.width}" height="${size.height}" loading="lazy"></a>`,
        `<div class="copy" data-testid="copy-deck"><h4>${w.onScreen}</h4>${copyDeck(step.text, ctx)}</div>`,
        '</div></section>',
      ].join('\n');
    });
    return [
      `<h2 id="${xml(scenario.id)}">${say(scenario.title)}</h2>`,
      `<p><strong>${w.rule}</strong> ${say(scenario.rule)}</p>`,
      `<p class="muted">${w.account(xml(email))}</p>`,
      failure ? `<p class="failed">${w.notReproduced} ${xml(failure)}</p>` : '',
      ...figures,
    ].join('\n');
  });
  const body = [
    `<h1>${w.rg}</h1>`,
    `<p>${w.chapterIntro} <a href="${root}${ctx.lang === 'en' ? '' : 'pt-BR/'}responsible-gaming.pdf">${w.chapterPdf}</a>.</p>`,
    `<ul>${results.map((r) => `<li><a href="#${xml(r.scenario.id)}">${say(r.scenario.title)}</a></li>`).join('')}</ul>`,
    ...sections,
    `<h2 id="not-in-app">${w.notInApp}</h2>`,
    `<ul>${notInApp.map((n) => `<li><strong>${say(n.title)}</strong>: ${say(n.why)}</li>`).join('')}</ul>`,
  ];
  return bookPage(w.rg, 0, body.join('\n'), ctx, 'responsible-gaming.html');
}

// The responsible-gaming chapter's page (responsible-gaming.html): per scenario its rule, its test
// account and its steps, each picture beside the strings on screen, the whole page one click away.

import { xml } from '../../tools/diagrams/svg';
import type { ChapterResult } from './responsible-gaming';
import { bookPage } from './site';

/** Where step `index` of scenario `id` is filed, relative to the book root. */
export const chapterShot = (id: string, index: number, whole = false) =>
  `shots/responsible-gaming/${id}/${index}${whole ? '-full' : ''}.png`;

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
): string {
  const sections = results.map(({ scenario, email, steps, failure }) => {
    const figures = steps.map((step, i) => {
      const shot = chapterShot(scenario.id, i);
      const size = sizes.get(shot) ?? { width: 900, height: 900 };
      const copy = step.text.map((line) => `<li>${xml(line)}</li>`).join('');
      return [
        `<section class="step" id="${xml(scenario.id)}-step-${i + 1}">`,
        `<h3><a href="#${xml(scenario.id)}-step-${i + 1}">Step ${i + 1}</a>: ${xml(step.caption)}</h3>`,
        '<div class="shot">',
        `<a href="${xml(chapterShot(scenario.id, i, true))}" title="The whole page"><img src="${xml(shot)}" alt="${xml(step.caption)}" width="${size.width}" height="${size.height}" loading="lazy"></a>`,
        `<div class="copy" data-testid="copy-deck"><h4>On screen (copy deck)</h4><ul>${copy}</ul></div>`,
        '</div></section>',
      ].join('\n');
    });
    return [
      `<h2 id="${xml(scenario.id)}">${xml(scenario.title)}</h2>`,
      `<p><strong>Rule:</strong> ${xml(scenario.rule)}</p>`,
      `<p class="muted">Test account: <strong>${xml(email)}</strong> (a seed account of the reference server).</p>`,
      failure ? `<p class="note">Could not be reproduced in the app: ${xml(failure)}</p>` : '',
      ...figures,
    ].join('\n');
  });
  const body = [
    '<h1>Responsible gaming</h1>',
    '<p>Each scenario with the rule behind it, played in the vanilla example app against the reference server.</p>',
    `<ul>${results.map((r) => `<li><a href="#${xml(r.scenario.id)}">${xml(r.scenario.title)}</a></li>`).join('')}</ul>`,
    ...sections,
    '<h2 id="not-in-app">Not shown by the app</h2>',
    `<ul>${notInApp.map((n) => `<li><strong>${xml(n.title)}</strong>: ${xml(n.why)}</li>`).join('')}</ul>`,
  ];
  return bookPage('Responsible gaming', 0, body.join('\n'));
}

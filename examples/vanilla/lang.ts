// The app in Brazilian Portuguese: open it with `?lang=pt-BR`, or set `<html lang="pt-BR">` at any
// time (the review book does, to photograph each step in both languages); `lang="en"` puts the
// English back. Every text on the page goes through the pt-BR table of
// examples/shared/app-pt-BR.ts (dates and amounts as a pt-BR browser writes them); a text it
// lacks stays in English and is named on the console. Elements marked `translate="no"` are left
// as they are.
import { ptBRTranslator } from '../shared/app-pt-BR';

const say = ptBRTranslator();
/** Each text node put in pt-BR: its English and what it was given. */
const shown = new Map<Text, { en: string; pt: string }>();
const inPt = () => document.documentElement.lang === 'pt-BR';

function translate(node: Text) {
  const seen = shown.get(node);
  if (seen && node.data === seen.pt) return;
  if (node.parentElement?.closest('[translate="no"], script, style')) return;
  const en = node.data;
  if (en.trim() === '') return;
  const pt = say(en);
  if (pt === undefined) console.warn(`pt-BR: no translation for "${en.trim()}"`);
  shown.set(node, { en, pt: pt ?? en });
  if (pt !== undefined && pt !== en) node.data = pt;
}

function translateAll(root: Node) {
  if (root instanceof Text) return translate(root);
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) translate(node as Text);
}

function toEnglish() {
  for (const [node, { en, pt }] of shown) if (node.data === pt) node.data = en;
  shown.clear();
}

/**
 * Shows the app in pt-BR while `<html lang>` is `pt-BR` (set from `?lang=` at start), in English
 * otherwise. Called once, before the first render.
 *
 * @example
 * followLanguage(); // then open the app with ?lang=pt-BR
 */
export function followLanguage(): void {
  new MutationObserver((records) => {
    if (!inPt()) return;
    for (const r of records) {
      if (r.type === 'characterData') translate(r.target as Text);
      else for (const node of r.addedNodes) translateAll(node);
    }
  }).observe(document.body, { subtree: true, childList: true, characterData: true });

  new MutationObserver(() => (inPt() ? translateAll(document.body) : toEnglish())).observe(
    document.documentElement,
    { attributes: true, attributeFilter: ['lang'] },
  );

  const asked = new URLSearchParams(location.search).get('lang');
  if (asked) document.documentElement.lang = asked;
}

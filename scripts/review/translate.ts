// The pt-BR book's words for what the book itself does not write: the paths' titles and step
// names (review-machines.ts, paths.ts), the responsible-gaming chapter (responsible-gaming.ts) and
// the app's strings on screen (examples/shared/app-pt-BR.ts). Keyed on the English text; `{}` in a
// key matches any text, carried over to the same place in the translation. What has no
// translation is shown in English and listed by the build (the pt-BR index names it).

import { APP_PT_BR } from '../../examples/shared/app-pt-BR';
import type { Lang } from './book-words';

/** The book's own content words (paths, steps, answers), English → pt-BR. */
export const BOOK_PT_BR: Readonly<Record<string, string>> = {
  'to {}': 'até {}',
  'the initial state, {}': 'o estado inicial, {}',
  'e-mail and password': 'e-mail e senha',
  'the new player form': 'o formulário de novo jogador',
  'the 2FA code': 'o código 2FA',
  'a CPF': 'um CPF',
  'the form': 'o formulário',
  'the password': 'a senha',
  'asks for a 2FA code': 'pede um código 2FA',
  'asks for a code': 'pede um código',
  'signed in': 'conectado',
  'account cancelled': 'conta cancelada',
  'wrong password': 'senha errada',
  '401 wrong password': '401 senha errada',
  '429 too many attempts': '429 tentativas demais',
  'no answer': 'sem resposta',
  'nothing stored': 'nada guardado',
  'checks the code': 'verifica o código',
  'code rejected': 'código recusado',
  'fifth code rejected': 'quinto código recusado',
  registers: 'cadastra',
  done: 'feito',
  invalid: 'inválido',
  '422 refused': '422 recusado',
  'valid, with the name and birth date': 'válido, com o nome e a data de nascimento',
};

export interface Translator {
  /** `text` in the book's language (English when no translation is known). */
  say(text: string): string;
  /** The English strings asked for that had no translation, each once. */
  missing(): string[];
}

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The table's `{}` keys as patterns, most specific (longest) first. */
function patternsOf(table: Readonly<Record<string, string>>) {
  return Object.entries(table)
    .filter(([k]) => k.includes('{}'))
    .sort((a, b) => b[0].length - a[0].length)
    .map(([k, v]) => ({ re: new RegExp(`^${k.split('{}').map(literal).join('(.+?)')}$`, 's'), to: v }));
}

/**
 * A translator into `lang` over the book's and the app's tables.
 *
 * @example
 * const t = translator('pt-BR'); t.say('to signedIn'); // 'até signedIn'
 */
export function translator(
  lang: Lang,
  table: Readonly<Record<string, string>> = { ...APP_PT_BR, ...BOOK_PT_BR },
): Translator {
  const missing = new Set<string>();
  const patterns = patternsOf(table);
  const say = (text: string): string => {
    if (lang === 'en' || text.trim() === '') return text;
    const exact = table[text];
    if (exact !== undefined) return exact;
    for (const { re, to } of patterns) {
      const m = re.exec(text);
      if (!m) continue;
      let i = 1;
      // A pattern's parts are translated in turn (a state name or an e-mail stays as it is).
      return to.replace(/\{\}/g, () => say(m[i++] ?? ''));
    }
    // Machine names, state paths, e-mails and numbers are the same in every language.
    if (/^[\w.@+-]+$/.test(text) || !/[a-z]{2}/i.test(text)) return text;
    missing.add(text);
    return text;
  };
  return { say, missing: () => [...missing] };
}

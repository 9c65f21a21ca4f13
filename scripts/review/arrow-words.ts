// The words on a diagram's arrows in the pt-BR book (issue 31.6): what the event means and, after
// "se", what its guard checks, both from docs/machines/descriptions.json (the words the tooltips
// and the transition tables already use), wrapped to short lines. The English book keeps the
// engineer's names (`SUBMIT [asksForCode]`), as docs/machines does.

import type { LabelOf } from '../../tools/diagrams/layout';
import { eventWords, guardKey, guardWords, type MachineWords } from '../../tools/diagrams/words';

/** About this many characters a line: a label stays narrow beside its arrow. */
const LINE = 34;

/** `text` in lines of at most about `width` characters, cut between words; lines after the first indented (no-break spaces: SVG keeps them). */
export function wrapWords(text: string, width = LINE): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.map((l, i) => (i === 0 ? l : `\u00a0\u00a0${l}`));
}

const sentence = (text: string) => text.trim().replace(/\.$/, '');
/** `O servidor pede…` → `o servidor pede…` (an acronym such as `SPA` stays). */
const lowerFirst = (text: string) =>
  /^[A-ZÀ-Ú](?=[a-zà-ú\s])/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;

/**
 * The arrows' labels in pt-BR words: `O jogador envia o código, se …`, `(fica)` for a
 * transition that stays, `(reentra)` for one that re-enters, the event's name when it has no words.
 *
 * @example
 * const layout = await layoutMachine(graph, arrowWordsPtBR(doc.words ?? {}));
 */
export function arrowWordsPtBR(words: MachineWords): LabelOf {
  return (t, from) => {
    const event = sentence(eventWords(words, t.event, 'pt-BR') ?? t.event);
    const key = guardKey(t, from);
    // A guard with no words (the product view's grouped transitions) keeps its name.
    const guard = key ? (guardWords(words, key, 'pt-BR') ?? `[${t.guard}]`) : null;
    const inside = from && t.target?.startsWith(`${from}.`) ? ` para ${t.target.slice(from.length + 1)}` : '';
    const how = t.target === null ? ' (fica)' : t.reenter ? ' (reentra)' : inside;
    const text = `${event}${guard ? `, se ${lowerFirst(sentence(guard))}` : ''}${how}`;
    return wrapWords(text).join('\n');
  };
}

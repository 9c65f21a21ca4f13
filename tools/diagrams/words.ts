// Words for people (issue 19 item 9): what each event and guard of a machine means, in English and
// Brazilian Portuguese. User events and guards are written by hand in
// docs/machines/descriptions.json (`events`, `guards`); the triggers XState makes from the machine
// (an invoked actor's answer or failure, a timer, `always`) are worded from their parts, and so are
// XState's `and`/`or`/`not` guards. A guard written in place (an anonymous function) is worded per
// transition (`guardKey`), never with a generic "see the source": missingWords lists it, the diagrams
// test and the review build fail on it.

import { ANY_STATE, type MachineGraph, type TransitionInfo } from './graph';

export type Locale = 'en' | 'pt-BR';
export const LOCALES: readonly Locale[] = ['en', 'pt-BR'];

/** Hand-written words per event type or guard name. */
export type WordTable = Readonly<Record<string, Readonly<Record<Locale, string>>>>;

export interface MachineWords {
  events?: WordTable;
  guards?: WordTable;
}

const DERIVED: [RegExp, Record<Locale, (name: string) => string>][] = [
  [/^done: (.+)$/, { en: (n) => `${n} answered.`, 'pt-BR': (n) => `${n} respondeu.` }],
  [
    /^error: (.+)$/,
    {
      en: (n) => `${n} failed (an error, or no answer).`,
      'pt-BR': (n) => `${n} falhou (erro ou sem resposta).`,
    },
  ],
  [/^after (.+)$/, { en: (n) => `The ${n} timer ran out.`, 'pt-BR': (n) => `O temporizador ${n} terminou.` }],
  [
    /^(.+) moves$/,
    { en: (n) => `The ${n} child machine moved.`, 'pt-BR': (n) => `A máquina filha ${n} mudou de estado.` },
  ],
  [
    /^always$/,
    { en: () => 'At once, when its guard holds.', 'pt-BR': () => 'Imediatamente, se a condição valer.' },
  ],
  [/^done$/, { en: () => 'Its final state was reached.', 'pt-BR': () => 'Seu estado final foi alcançado.' }],
];

/**
 * What a transition's trigger (`SUBMIT`, `done: submitLogin`, `after deadline`) means, or null
 * when nobody wrote it.
 *
 * @example
 * eventWords(words, 'error: refreshToken', 'pt-BR'); // 'refreshToken falhou (erro ou sem resposta).'
 */
export function eventWords(words: MachineWords, event: string, locale: Locale): string | null {
  const written = words.events?.[event]?.[locale];
  if (written) return written;
  for (const [pattern, say] of DERIVED) {
    const match = pattern.exec(event);
    if (match) return say[locale](match[1] ?? '');
  }
  return null;
}

const JOIN: Record<'and' | 'or', Record<Locale, string>> = {
  and: { en: '; and ', 'pt-BR': '; e ' },
  or: { en: '; or ', 'pt-BR': '; ou ' },
};
const NOT: Record<Locale, (text: string) => string> = {
  en: (t) => `Not so: ${t}`,
  'pt-BR': (t) => `Não é o caso: ${t}`,
};

/**
 * What a guard means, or null when nobody wrote it. `guard` is a guard's name, the key `guardKey`
 * gives an anonymous guard (its transition), or `and(a, b)` / `or(a, b)` / `not(a)`, worded from
 * its parts' words.
 *
 * @example
 * guardWords(words, 'isDue', 'en'); // 'The renewal time has come.'
 * guardWords(words, 'and(internal, isExpired)', 'en'); // '<internal>; and <isExpired>'
 */
export function guardWords(words: MachineWords, guard: string, locale: Locale): string | null {
  const written = words.guards?.[guard]?.[locale];
  if (written) return written;
  const composite = /^(and|or|not)\((.*)\)$/.exec(guard);
  if (!composite) return null;
  const parts = composite[2]!.split(', ').map((part) => guardWords(words, part, locale));
  if (parts.some((p) => !p)) return null;
  const texts = parts.map((p) => p!.replace(/\.$/, ''));
  const text =
    composite[1] === 'not' ? NOT[locale](texts[0]!) : texts.join(JOIN[composite[1] as 'and' | 'or'][locale]);
  return `${text}.`;
}

/**
 * The words-table key of a transition's guard: its name, or for an anonymous guard (a function
 * written in place in machines/, which has no name) the transition itself,
 * `inline: <from> -> <to> on <event>`. Null without a guard.
 *
 * @example
 * guardKey({ event: 'login moves', guard: 'inline', target: 'failed', … }, 'signingIn'); // 'inline: signingIn -> failed on login moves'
 */
export function guardKey(t: TransitionInfo, from: string | null): string | null {
  if (t.guard !== 'inline') return t.guard;
  return `inline: ${from ?? ANY_STATE} -> ${t.target ?? '(stays)'} on ${t.event}`;
}

/** Every event label and guard key of `graph`, each once, in definition order. */
export function triggersOf(graph: MachineGraph): { events: string[]; guards: string[] } {
  const events: string[] = [];
  const guards: string[] = [];
  const all = [
    ...graph.states.flatMap((s) => s.transitions.map((t) => [t, s.path] as const)),
    ...(graph.anyState ?? []).map((t) => [t, null] as const),
  ];
  for (const [t, from] of all) {
    if (!events.includes(t.event)) events.push(t.event);
    const key = guardKey(t, from);
    if (key && !guards.includes(key)) guards.push(key);
  }
  return { events, guards };
}

/**
 * The events and guards of `graph` that have no words in some locale (the diagrams test lists them).
 *
 * @example
 * missingWords(graph, words); // ['event TICK (pt-BR)']
 */
export function missingWords(graph: MachineGraph, words: MachineWords): string[] {
  const { events, guards } = triggersOf(graph);
  const missing: string[] = [];
  for (const locale of LOCALES) {
    for (const e of events) if (!eventWords(words, e, locale)) missing.push(`event ${e} (${locale})`);
    for (const g of guards) if (!guardWords(words, g, locale)) missing.push(`guard ${g} (${locale})`);
  }
  return missing;
}

// Words for people (issue 19 item 9): what each event and guard of a machine means, in English and
// Brazilian Portuguese. User events and guards are written by hand in
// docs/machines/descriptions.json (`events`, `guards`); the triggers XState makes from the machine
// (an invoked actor's answer or failure, a timer, `always`) are worded from their parts.

import type { MachineGraph } from './graph';

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

/**
 * What a guard means, or null when nobody wrote it.
 *
 * @example
 * guardWords(words, 'isDue', 'en'); // 'The renewal time has come.'
 */
export function guardWords(words: MachineWords, guard: string, locale: Locale): string | null {
  return words.guards?.[guard]?.[locale] ?? null;
}

/** Every event label and guard name of `graph`, each once, in definition order. */
export function triggersOf(graph: MachineGraph): { events: string[]; guards: string[] } {
  const events: string[] = [];
  const guards: string[] = [];
  for (const t of [...graph.states.flatMap((s) => s.transitions), ...(graph.anyState ?? [])]) {
    if (!events.includes(t.event)) events.push(t.event);
    if (t.guard && !guards.includes(t.guard)) guards.push(t.guard);
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

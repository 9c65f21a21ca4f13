// Issue 19 item 9: events and guards described for people, in English and Brazilian Portuguese,
// and the order guarded transitions are tried shown where several leave on one event.

import { describe, expect, it } from 'vitest';
import { DIAGRAM_MACHINES, describedGraph, generateDiagramFiles } from '../../tools/diagrams/generate';
import { eventWords, guardWords, missingWords, triggersOf } from '../../tools/diagrams/words';

describe('words for people', () => {
  it.each(DIAGRAM_MACHINES.map((d) => [d.machine.id, d] as const))(
    '%s: every event and guard has words in en and pt-BR',
    (_, doc) => {
      expect(missingWords(describedGraph(doc), doc.words ?? {})).toEqual([]);
    },
  );

  // Issue 31 item 1: eleven transitions were explained as "A condition written in place (see the
  // source)", one generic row for every anonymous guard.
  it('words each anonymous guard per transition, never as "see the source"', {
    timeout: 120_000,
  }, async () => {
    const session = DIAGRAM_MACHINES.find((d) => d.machine.id === 'session')!;
    const guards = triggersOf(describedGraph(session)).guards;
    expect(guards).not.toContain('inline');
    expect(guards).toContain('inline: signingIn -> cancelledAccount on login moves');
    expect(guards).toContain('and(internal, newer, otherLogin)');
    const generic = { guards: { inline: { en: 'A condition.', 'pt-BR': 'Uma condição.' } } };
    expect(missingWords(describedGraph(session), generic)).toContain(
      'guard inline: signingIn -> failed on login moves (pt-BR)',
    );
    for (const file of await generateDiagramFiles(DIAGRAM_MACHINES)) {
      expect(file.content, file.path).not.toContain('see the source');
    }
  });

  it("words XState's and/or/not guards from their parts' words", () => {
    const words = {
      guards: {
        a: { en: 'It is day.', 'pt-BR': 'É dia.' },
        b: { en: 'It rains.', 'pt-BR': 'Chove.' },
      },
    };
    expect(guardWords(words, 'and(a, b)', 'en')).toBe('It is day; and It rains.');
    expect(guardWords(words, 'or(a, b)', 'pt-BR')).toBe('É dia; ou Chove.');
    expect(guardWords(words, 'not(a)', 'en')).toBe('Not so: It is day.');
    expect(guardWords(words, 'and(a, c)', 'en')).toBeNull();
  });

  it.each(DIAGRAM_MACHINES.map((d) => [d.machine.id, d] as const))(
    '%s: its summary and every state line in pt-BR too (the pt-BR review book)',
    (_, doc) => {
      expect(doc.ptBR.summary).not.toBe('');
      const states = describedGraph(doc)
        .states.filter((s) => s.description)
        .map((s) => s.path);
      expect(states.filter((s) => !doc.ptBR.states[s])).toEqual([]);
    },
  );

  it('words the triggers XState makes from their parts', () => {
    expect(eventWords({}, 'error: refreshToken', 'pt-BR')).toBe(
      'refreshToken falhou (erro ou sem resposta).',
    );
    expect(eventWords({}, 'after deadline', 'en')).toBe('The deadline timer ran out.');
    expect(eventWords({}, 'SUBMIT', 'en')).toBeNull();
  });

  it('the transition table says what each row means and in which order guarded rows are tried', async () => {
    const login = DIAGRAM_MACHINES.find((d) => d.machine.id === 'login')!;
    const md = (await generateDiagramFiles([login]))[0]!.content;
    expect(md).toContain('| from | event | tried | guard | to | meaning |');
    const rows = md.split('\n').filter((l) => l.startsWith('| `submitting` | `done: submitLogin` |'));
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.map((r) => r.split(' | ')[2])).toEqual(
      rows.map((_, i) => ['1st', '2nd', '3rd'][i] ?? `${i + 1}th`),
    );
    expect(md).toContain('The server asks for a two-factor code.');
    expect(md).toContain('O servidor pede um código de dois fatores.');
    expect(md).not.toContain('[vaulted]'.repeat(2));
  });
});

// Issue 31 (the pt-BR book and copy deck): every string of the example app and of the book has
// pt-BR words; a sentence is translated whole (not cut at "from"), dates and amounts as a pt-BR
// browser writes them, names from the code and people's names kept; a string without words is
// reported whole (and fails the build).

import { describe, expect, it } from 'vitest';
import { APP_PT_BR, ptBRTranslator } from '../../examples/shared/app-pt-BR';
import { BOOK } from '../../scripts/review/book';
import { bookPaths } from '../../scripts/review/paths';
import { NOT_IN_APP, RESPONSIBLE_GAMING } from '../../scripts/review/responsible-gaming';
import { translator } from '../../scripts/review/translate';

describe('the pt-BR words of the app and the book', () => {
  it('translates a sentence with "from" in it whole', () => {
    const t = translator('pt-BR');
    expect(t.say('Check your CPF: we fill in your name and birth date from the national register.')).toBe(
      'Verifique seu CPF: preenchemos seu nome e sua data de nascimento com os dados do cadastro nacional.',
    );
    expect(
      t.say('You cannot place new bets: your CPF is in the SPA register of people barred from betting.'),
    ).toBe(
      'Você não pode fazer novas apostas: seu CPF consta no cadastro da SPA de pessoas impedidas de apostar.',
    );
    expect(t.missing()).toEqual([]);
  });

  it('writes dates and amounts as a pt-BR browser does, in the lines the app builds', () => {
    const say = ptBRTranslator();
    expect(
      say(
        'Pending change: R$1,500.00 per day from Nov 28, 2026, 3:51 PM (Brasília time). Until then the limit in force holds.',
      ),
    ).toBe(
      'Alteração pendente: R$\u00a01.500,00 por dia a partir de 28 de nov. de 2026, 15:51 (horário de Brasília). Até lá, vale o limite em vigor.',
    );
    expect(
      say(
        'Paused by you, since Nov 28, 2026, 12:05 AM (Brasília time), until Dec 5, 2026, 12:05 AM (Brasília time)',
      ),
    ).toBe(
      'Pausa feita por você, desde 28 de nov. de 2026, 00:05 (horário de Brasília), até 5 de dez. de 2026, 00:05 (horário de Brasília)',
    );
    expect(say('Too many attempts. Please try again in 1 minute.')).toBe(
      'Muitas tentativas. Tente novamente em 1 minuto.',
    );
    expect(say('  In force: ')).toBe('  Em vigor: ');
  });

  it("keeps names from the code and people's names, and reports an untranslated sentence whole", () => {
    const t = translator('pt-BR');
    expect(t.say('to twoFactorRequired')).toBe('até twoFactorRequired');
    expect(t.say('Name: Lúcia Costa')).toBe('Nome: Lúcia Costa');
    expect(t.say('E-mail or CPF: player@example.com')).toBe('E-mail ou CPF: player@example.com');
    expect(t.say('Something the table lacks, from here.')).toBe('Something the table lacks, from here.');
    expect(t.say('Pending change: something new')).toBe('Pending change: something new');
    expect(t.missing()).toEqual(['Something the table lacks, from here.', 'Pending change: something new']);
    expect(ptBRTranslator({})('Log in')).toBeUndefined();
    expect(APP_PT_BR['Two-factor code']).toBe('Código de verificação');
  });

  it("has words for every chapter scenario, every path's title and every note of the book", () => {
    const t = translator('pt-BR');
    for (const s of RESPONSIBLE_GAMING) for (const text of [s.title, s.rule]) t.say(text);
    for (const n of NOT_IN_APP) for (const text of [n.title, n.why]) t.say(text);
    for (const { review, app } of BOOK) {
      t.say(review.title);
      for (const text of [
        app.appNote,
        app.onlyDiagram,
        ...Object.values(app.invisible ?? {}),
        ...Object.values(app.machineOnly ?? {}),
        ...Object.values(app.unreached ?? {}),
      ])
        if (text) t.say(text);
      for (const path of bookPaths(review)) t.say(path.title);
    }
    expect(t.missing()).toEqual([]);
  });
});

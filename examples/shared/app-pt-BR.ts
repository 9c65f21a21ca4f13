// The example app's words in Brazilian Portuguese, keyed on the English strings of app.ts,
// standing.ts, responsible.ts and the vanilla app (and of the lines they build: `{}` stands for
// any text, itself translated, put back in place). describeError's English and pt-BR words are
// paired from the library's own tables. The vanilla app shows itself in pt-BR through this table
// (`?lang=pt-BR`, examples/vanilla/lang.ts) and the review book's pt-BR edition lists each step's
// strings through it; a string on screen with no entry fails the book's build (issue 31).

import { errorMessagesEn, errorMessagesPtBR } from 'pam-client';

/** The app's own words, English → pt-BR. */
const WORDS: Readonly<Record<string, string>> = {
  'pam-client · vanilla': 'pam-client · vanilla',
  // Field labels (FIELD_LABEL) and forms
  'E-mail or CPF': 'E-mail ou CPF',
  'E-mail': 'E-mail',
  Password: 'Senha',
  Code: 'Código',
  CPF: 'CPF',
  'Birth date': 'Data de nascimento',
  Name: 'Nome',
  Phone: 'Telefone',
  "Mother's name": 'Nome da mãe',
  'Deposit limit': 'Limite de depósito',
  'Loss limit': 'Limite de perda',
  'Time limit': 'Limite de tempo',
  Period: 'Período',
  'Period:': 'Período:',
  Pause: 'Pausa',
  'Self-exclusion': 'Autoexclusão',
  // Log in, two-factor, registration
  'Log in': 'Entrar',
  'Log out': 'Sair',
  'Loading…': 'Carregando…',
  'Signed in': 'Conectado',
  'Signed in as {}': 'Conectado como {}',
  'Two-factor code': 'Código de verificação',
  'Enter the code we sent you.': 'Digite o código de verificação que enviamos para você.',
  'Attempts left: {}': 'Tentativas restantes: {}',
  Verify: 'Verificar',
  Back: 'Voltar',
  Cancel: 'Cancelar',
  Confirm: 'Confirmar',
  'You can try again at {}.': 'Você pode tentar novamente em {}.',
  'Your session expired. Please log in again.': 'Sua sessão expirou. Entre novamente.',
  'You logged out in another tab.': 'Você saiu em outra aba.',
  'New player': 'Novo jogador',
  'Check CPF': 'Verificar CPF',
  'Check your CPF': 'Verifique seu CPF',
  'Check your CPF: we fill in your name and birth date from the national register.':
    'Verifique seu CPF: preenchemos seu nome e sua data de nascimento com os dados do cadastro nacional.',
  'Checking your CPF…': 'Verificando seu CPF…',
  'CPF checked': 'CPF verificado',
  'CPF checked: your name and birth date come from the national register.':
    'CPF verificado: seu nome e sua data de nascimento vêm do cadastro nacional.',
  'We could not check your CPF right now. Type your full name and birth date as they are on your document.':
    'Não conseguimos verificar seu CPF agora. Digite seu nome completo e sua data de nascimento como constam no seu documento.',
  'Type your full name and birth date: we could not check them from your CPF.':
    'Digite seu nome completo e sua data de nascimento: não conseguimos obtê-los pelo seu CPF.',
  'Create account': 'Criar conta',
  'Creating your account…': 'Criando sua conta…',
  'This CPF is already registered.': 'Este CPF já está cadastrado.',
  // The account page
  Profile: 'Perfil',
  Restrictions: 'Restrições',
  Bets: 'Apostas',
  'Place a bet': 'Fazer uma aposta',
  'Responsible gaming': 'Jogo responsável',
  'Before you play, set a loss limit and a play-time limit: every player must have both.':
    'Antes de jogar, defina um limite de perda e um limite de tempo de jogo: todo jogador precisa ter os dois.',
  // Standing (standing.ts)
  'You can place bets.': 'Você pode apostar.',
  'You cannot place new bets: your CPF is in the SPA register of people barred from betting.':
    'Você não pode fazer novas apostas: seu CPF consta no cadastro da SPA de pessoas impedidas de apostar.',
  'You cannot place bets while your account is excluded.':
    'Você não pode apostar enquanto sua conta estiver excluída.',
  'You cannot place bets until your pause ends ({}).': 'Você não pode apostar até o fim da sua pausa ({}).',
  'Betting waits until the check of your restrictions succeeds. The app keeps trying.':
    'As apostas aguardam a verificação das suas restrições. O aplicativo continua tentando.',
  "Your restrictions were last confirmed on {}; today's check has not succeeded yet.":
    'Suas restrições foram confirmadas pela última vez em {}; a verificação de hoje ainda não foi concluída.',
  'This site offers no more bets until the next day.':
    'Este site não oferece mais apostas até o dia seguinte.',
  'This site offers no more bets until the next week.':
    'Este site não oferece mais apostas até a próxima semana.',
  'This site offers no more bets until the next month.':
    'Este site não oferece mais apostas até o próximo mês.',
  'Set your loss and time limits to start betting.':
    'Defina seus limites de perda e de tempo de jogo para começar a apostar.',
  'Barred from betting by the SPA': 'Impedido de apostar pela SPA',
  'Your CPF is in the national register of people barred from betting, kept by the SPA (Secretaria de Prêmios e Apostas).':
    'Seu CPF consta no cadastro nacional de pessoas impedidas de apostar, mantido pela SPA (Secretaria de Prêmios e Apostas).',
  'You cannot place new bets. Your account will be closed within 3 days.':
    'Você não pode fazer novas apostas. Sua conta será encerrada em até 3 dias.',
  'Until then you can withdraw your balance: the money in your account stays yours.':
    'Até lá, você pode sacar seu saldo: o dinheiro da sua conta continua sendo seu.',
  'The register is checked at registration and at the first login of each day.':
    'O cadastro é consultado na abertura da conta e no primeiro login de cada dia.',
  'The money in your account stays yours: you can still withdraw your balance.':
    'O dinheiro da sua conta continua sendo seu: você ainda pode sacar seu saldo.',
  'This account was cancelled.': 'Esta conta foi cancelada.',
  'Money left in a cancelled account is still yours: contact the operator’s support to have it paid out.':
    'O dinheiro que ficou em uma conta cancelada continua sendo seu: fale com o atendimento do operador para recebê-lo.',
  'Self-exclusion from every licensed betting site:':
    'Autoexclusão de todos os sites de apostas autorizados:',
  'the central platform of the SPA (gov.br)': 'a plataforma centralizada da SPA (gov.br)',
  'Self-exclusion from every licensed betting site: the central platform of the SPA (gov.br).':
    'Autoexclusão de todos os sites de apostas autorizados: a plataforma centralizada da SPA (gov.br).',
  // The reference server's notes, shown as given (already in pt-BR)
  'CPF consta no cadastro nacional de apostadores impedidos (SPA/MF).':
    'CPF consta no cadastro nacional de apostadores impedidos (SPA/MF).',
  'Conta suspensa pelo operador: análise de documentos em andamento.':
    'Conta suspensa pelo operador: análise de documentos em andamento.',
  // Restrictions (KIND_LABEL, BY_LABEL, restrictionLines)
  'Pending: {}': 'Pendente: {}',
  '{}, since {}, {}': '{}, desde {}, {}',
  '{}, from {}, {}': '{}, a partir de {}, {}',
  '{}; may be lifted from {}': '{}; pode ser retirada a partir de {}',
  Paused: 'Em pausa',
  'Paused by you': 'Pausa feita por você',
  'Self-excluded': 'Autoexcluído',
  'Self-excluded by you': 'Autoexclusão feita por você',
  'Excluded by the operator': 'Excluído pelo operador',
  'Barred by the SPA (Secretaria de Prêmios e Apostas)':
    'Impedido pela SPA (Secretaria de Prêmios e Apostas)',
  'with no end date': 'sem data de término',
  'until it is lifted': 'até ser retirada',
  'until {}': 'até {}',
  '{} (Brasília time)': '{} (horário de Brasília)',
  // Pause and self-exclusion (breaks)
  'Take a break': 'Faça uma pausa',
  'Pause for': 'Pausar por',
  'Pause my account': 'Pausar minha conta',
  'Exclude me': 'Excluir-me',
  '1 day': '1 dia',
  '{} days': '{} dias',
  'for {} months': 'por {} meses',
  indefinitely: 'por prazo indeterminado',
  'Pause your account for {}? You cannot bet until it ends, and it cannot be ended early.':
    'Pausar sua conta por {}? Você não poderá apostar até o fim da pausa, e ela não pode ser encerrada antes.',
  'Exclude yourself indefinitely? This has no end date and you cannot undo it from this site.':
    'Excluir-se por prazo indeterminado? Isto não tem data de término e você não poderá desfazer neste site.',
  'Exclude yourself {}? You cannot undo it from this site before it ends.':
    'Excluir-se {}? Você não poderá desfazer neste site antes do fim.',
  'Yes, pause my account': 'Sim, pausar minha conta',
  'Yes, exclude me indefinitely': 'Sim, excluir-me por prazo indeterminado',
  'Yes, exclude me {}': 'Sim, excluir-me {}',
  'This cannot be undone': 'Isto não pode ser desfeito',
  'Saved.': 'Salvo.',
  'Confirm your password': 'Confirme sua senha',
  'Current password': 'Senha atual',
  // Limits
  'In force:': 'Em vigor:',
  'In force: {}': 'Em vigor: {}',
  'Deposit limit (BRL)': 'Limite de depósito (BRL)',
  'Loss limit (BRL)': 'Limite de perda (BRL)',
  'Play-time limit': 'Limite de tempo de jogo',
  'Play-time limit (minutes)': 'Limite de tempo de jogo (minutos)',
  'Save limit': 'Salvar limite',
  'No limit set': 'Nenhum limite definido',
  'no limit': 'sem limite',
  'a new limit': 'um novo limite',
  'per day': 'por dia',
  'per week': 'por semana',
  'per month': 'por mês',
  '{} per day': '{} por dia',
  '{} per week': '{} por semana',
  '{} per month': '{} por mês',
  '{} from {}': '{} a partir de {}',
  '{} min': '{} min',
  '{} s': '{} s',
  '{} min {} s': '{} min {} s',
  'Pending change: {}': 'Alteração pendente: {}',
  'Pending change: {}. Until then the limit in force holds.':
    'Alteração pendente: {}. Até lá, vale o limite em vigor.',
  'Saved: {}. Until then the limit in force holds.': 'Salvo: {}. Até lá, vale o limite em vigor.',
  'Saved: {} takes effect on {}. Until then the limit in force holds.':
    'Salvo: {} passa a valer em {}. Até lá, vale o limite em vigor.',
  'Saved: {} is a looser limit and waits 24 hours. Until then the limit in force holds.':
    'Salvo: {} é um limite menos restritivo e aguarda 24 horas. Até lá, vale o limite em vigor.',
  'Saved: the new limit is in force now.': 'Salvo: o novo limite já está em vigor.',
  // Play time
  'You reached your daily play-time limit ({}).': 'Você atingiu seu limite diário de tempo de jogo ({}).',
  'You reached your weekly play-time limit ({}).': 'Você atingiu seu limite semanal de tempo de jogo ({}).',
  'You reached your monthly play-time limit ({}).': 'Você atingiu seu limite mensal de tempo de jogo ({}).',
  '{} left of your daily play-time limit ({}).': 'Faltam {} do seu limite diário de tempo de jogo ({}).',
  '{} left of your weekly play-time limit ({}).': 'Faltam {} do seu limite semanal de tempo de jogo ({}).',
  '{} left of your monthly play-time limit ({}).': 'Faltam {} do seu limite mensal de tempo de jogo ({}).',
  // Income report
  'Income report': 'Informe de rendimentos',
  Year: 'Ano',
  Delivery: 'Entrega',
  Generate: 'Gerar',
  Download: 'Baixar',
  'Download the report': 'Baixar o informe',
  'New report': 'Novo informe',
  Retry: 'Tentar novamente',
  'Status:': 'Situação:',
  'Status: {}': 'Situação: {}',
  download: 'download',
  'e-mail': 'e-mail',
  pending: 'pendente',
  processing: 'em processamento',
  completed: 'concluído',
  failed: 'falhou',
  requesting: 'solicitando',
  'loading years': 'carregando os anos',
  'no report yet': 'nenhum informe ainda',
  'timed out': 'tempo esgotado',
  'Requesting the report…': 'Solicitando o informe…',
  'Waiting for the next check…': 'Aguardando a próxima verificação…',
  'Checking the report…': 'Verificando o informe…',
  'Waiting for your session to be renewed…': 'Aguardando a renovação da sua sessão…',
  'Paused while the page is hidden or offline: checking resumes when you are back.':
    'Pausado enquanto a página está oculta ou sem conexão: a verificação continua quando você voltar.',
};

type Messages = Readonly<Record<string, unknown>>;

/** The numbers describeError's worded waits and statuses are asked with (seconds, minutes, HTTP statuses). */
const SAMPLES = [
  ...Array.from({ length: 59 }, (_, i) => i + 1),
  ...Array.from({ length: 60 }, (_, i) => 60 * (i + 1)),
  ...Array.from({ length: 200 }, (_, i) => 400 + i),
];

/** describeError's English words paired with its pt-BR ones, key by key (functions asked with SAMPLES). */
function pairs(en: Messages, pt: Messages, into: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(en)) {
    if (key === 'locale') continue;
    const other = pt[key];
    if (typeof value === 'string' && typeof other === 'string') into[value] = other;
    else if (typeof value === 'function' && typeof other === 'function')
      for (const n of SAMPLES) into[String(value(n))] = String(other(n));
    else if (value && typeof value === 'object' && other && typeof other === 'object')
      pairs(value as Messages, other as Messages, into);
  }
  return into;
}

/** English string of the example app → pt-BR (describeError's words included). */
export const APP_PT_BR: Readonly<Record<string, string>> = {
  ...pairs(errorMessagesEn as unknown as Messages, errorMessagesPtBR as unknown as Messages),
  ...WORDS,
};

/** A translation of one text, or undefined when some part of it has none. */
export type Say = (text: string) => string | undefined;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** A date as `formatDate` writes it in an English browser: `Nov 28, 2026, 3:53 AM`. */
const EN_DATE =
  /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{1,2}), (\d{4}), (\d{1,2}):(\d{2})[\s\u202f](AM|PM)/g;
/** An amount in reais as an English browser writes it: `R$1,250.00`. */
const EN_BRL = /R\$\s?(\d{1,3}(?:,\d{3})*(?:\.\d+)?)/g;
const PT_DATE = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});
const PT_BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const ptDate = (mon: string, day: string, year: string, hour: string, min: string, half: string) =>
  PT_DATE.format(
    Date.UTC(
      Number(year),
      MONTHS.indexOf(mon),
      Number(day),
      (Number(hour) % 12) + (half === 'PM' ? 12 : 0),
      Number(min),
    ),
  );

/**
 * Text that reads the same in every language: each word a code (a state name, an e-mail, a
 * number, a date already put in pt-BR) or the text a person's name (`Ana Souza`).
 */
function unchanged(text: string): boolean {
  if (/^\p{Lu}\p{Ll}+(?: (?:d[aeo]s?|e))?(?: \p{Lu}\p{Ll}+)+$/u.test(text)) return true;
  return text
    .split(/[\s,()]+/)
    .filter(Boolean)
    .every((word) => /[\d@._\uE000]|[a-z][A-Z]/.test(word) || !/\p{Ll}{2}/u.test(word));
}

/** Every way `text` splits around a pattern's literal parts (`parts[0]{}parts[1]{}…`), each hole non-empty. */
function* holes(text: string, parts: readonly string[]): Generator<string[]> {
  const first = parts[0]!;
  const last = parts[parts.length - 1]!;
  if (!text.startsWith(first) || !text.endsWith(last) || text.length <= first.length + last.length) return;
  yield* between(text.slice(first.length, text.length - last.length), parts.slice(1, -1));
}
function* between(body: string, seps: readonly string[]): Generator<string[]> {
  if (seps.length === 0) {
    if (body !== '') yield [body];
    return;
  }
  const [sep, ...more] = seps as [string, ...string[]];
  for (let i = body.indexOf(sep, 1); i !== -1; i = body.indexOf(sep, i + 1)) {
    for (const rest of between(body.slice(i + sep.length), more)) yield [body.slice(0, i), ...rest];
  }
}

/** Names from the code, one or a list: `signingIn.twoFactor`, `on.clock.beating, on.level.under`. */
const CODE = /^[\w.-]+(?:, [\w.-]+)*$/;

/**
 * A translator into pt-BR over `table` (English → pt-BR; `{}` in a key matches any text, itself
 * translated, put back at the same place; `{=}` a name from the code, kept as it is). Dates and amounts are rewritten as a pt-BR browser
 * writes them; a text with no translation gives undefined.
 *
 * @example
 * const say = ptBRTranslator(APP_PT_BR);
 * say('Pending change: R$500.00 per day'); // 'Alteração pendente: R$ 500,00 por dia'
 */
export function ptBRTranslator(table: Readonly<Record<string, string>> = APP_PT_BR): Say {
  const exact = new Map(Object.entries(table).filter(([k]) => !/\{=?\}/.test(k)));
  const patterns = Object.entries(table)
    .filter(([k]) => /\{=?\}/.test(k))
    .map(([k, to]) => ({
      parts: k.split(/\{=?\}/),
      code: [...k.matchAll(/\{(=?)\}/g)].map((m) => m[1] === '='),
      to,
    }))
    .sort((a, b) => b.parts.join('').length - a.parts.join('').length);
  const memo = new Map<string, string | undefined>();
  const inner = (text: string): string | undefined => {
    if (memo.has(text)) return memo.get(text);
    let said = exact.get(text);
    for (const { parts, code, to } of said === undefined ? patterns : []) {
      for (const found of holes(text, parts)) {
        // A `{=}` hole holds a name from the code (a state, a machine): kept as it is.
        const each = found.map((part, i) => (code[i] ? (CODE.test(part) ? part : undefined) : inner(part)));
        if (each.every((s) => s !== undefined)) {
          let i = 0;
          said = to.replace(/\{=?\}/g, () => each[i++]!);
          break;
        }
      }
      if (said !== undefined) break;
    }
    if (said === undefined && unchanged(text)) said = text;
    memo.set(text, said);
    return said;
  };
  return (text) => {
    const values: string[] = [];
    const keep = (value: string) => `\uE000${values.push(value) - 1}\uE001`;
    const marked = text
      .replace(EN_DATE, (_, ...d: string[]) =>
        keep(ptDate(...(d.slice(0, 6) as [string, string, string, string, string, string]))),
      )
      .replace(EN_BRL, (_, n: string) => keep(PT_BRL.format(Number(n.replace(/,/g, '')))));
    const core = marked.trim();
    if (core === '') return text;
    const said = inner(core);
    return said === undefined
      ? undefined
      : marked.replace(core, () => said).replace(/\uE000(\d+)\uE001/g, (_, i: string) => values[Number(i)]!);
  };
}

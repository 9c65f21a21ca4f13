// The pt-BR book's words for what the book itself does not write: the paths' titles and step
// names (review-machines.ts, paths.ts), the responsible-gaming chapter (responsible-gaming.ts) and
// the app's strings on screen (examples/shared/app-pt-BR.ts). Keyed on the English text; `{}` in a
// key matches any text, carried over to the same place in the translation. What has no
// translation is shown in English and listed by the build (the pt-BR index names it).

import { APP_PT_BR, ptBRTranslator } from '../../examples/shared/app-pt-BR';
import type { Lang } from './book-words';
import { CHAPTER_PT_BR } from './chapter-pt-BR';

/** The book's own content words (paths, steps, answers), English → pt-BR. */
export const BOOK_PT_BR: Readonly<Record<string, string>> = {
  // The copy deck's `label: value` lines (a field and what was typed or chosen in it)
  '{}: {}': '{}: {}',
  // Machines
  Session: 'Sessão',
  Login: 'Login',
  'Token refresh': 'Renovação do token',
  'Registration form': 'Formulário de cadastro',
  'Step-up (password confirmation)': 'Step-up (confirmação de senha)',
  'Play time': 'Tempo de jogo',
  // Paths and steps
  'to {=}': 'até {=}',
  'to {=} (final)': 'até {=} (final)',
  'the initial state, {=}': 'o estado inicial, {=}',
  'e-mail and password': 'e-mail e senha',
  'the new player form': 'o formulário de novo jogador',
  'the 2FA code': 'o código de verificação',
  'a CPF': 'um CPF',
  'the form': 'o formulário',
  'the password': 'a senha',
  'the years': 'os anos',
  '{}, download': '{}, download',
  'the page goes offline': 'a página fica sem conexão',
  'asks for a 2FA code': 'pede um código de verificação',
  'asks for a code': 'pede um código',
  'signed in': 'conectado',
  'logged out': 'desconectado',
  'account cancelled': 'conta cancelada',
  'wrong password': 'senha errada',
  'password required': 'senha exigida',
  '401 wrong password': '401 senha errada',
  '422 wrong code': '422 código errado',
  '429 too many attempts': '429 tentativas demais',
  'the refresh answered 401': 'a renovação respondeu 401',
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
  'a time limit of 1 minute a day': 'um limite de tempo de 1 minuto por dia',
  '{} s of the {} s played': '{} s dos {} s jogados',
  'the {} s played': 'os {} s jogados',
  // Named scenarios
  '2FA success': 'Verificação em duas etapas com sucesso',
  'Five rejected codes': 'Cinco códigos recusados',
  'Cancelled account': 'Conta cancelada',
  '429 lockout': 'Bloqueio 429',
  '429 lockout and its wait': 'Bloqueio 429 e sua espera',
  'Registration signs the new player in': 'O cadastro conecta o novo jogador',
  'Session expiry': 'Sessão expirada',
  'Logout after a password login': 'Logout após um login com senha',
  'Logout after a 2FA login, the server not answering':
    'Logout após um login com verificação em duas etapas, sem resposta do servidor',
  'Refresh failure and backoff': 'Falha na renovação e espera progressiva (backoff)',
  'Report completed': 'Informe concluído',
  'Report failed': 'Informe com falha',
  'Report timed out': 'Informe com tempo esgotado',
  'Report cancelled': 'Informe cancelado',
  'Document checked, then the form sent': 'Documento verificado, depois o formulário enviado',
  'Document check unavailable: registration goes on':
    'Consulta do documento indisponível: o cadastro continua',
  'Password confirmed': 'Senha confirmada',
  'Wrong password, then cancelled': 'Senha errada, depois cancelado',
  'The alert at 80 %, then the limit reached': 'O alerta a 80 %, depois o limite atingido',
  // What the app cannot show, and how it runs a machine (app-tables.ts)
  'Reading the stored session takes no visible time: the app shows its loading line or the login form.':
    'A leitura da sessão guardada não leva tempo visível: o aplicativo mostra a linha de carregamento ou o formulário de login.',
  'The app keeps the account page while the logout request runs.':
    'O aplicativo mantém a página da conta enquanto a solicitação de logout está em andamento.',
  'A refresh in flight is not shown by the app: the player stays on the signed-in page.':
    'Uma renovação em andamento não aparece no aplicativo: o jogador continua na página de conectado.',
  'The backoff after a failed refresh is internal timing: the app stays on the signed-in page while the cycle waits.':
    'A espera após uma renovação com falha é um temporizador interno: o aplicativo continua na página de conectado enquanto o ciclo aguarda.',
  'The form has no reset button.': 'O formulário não tem botão de limpar.',
  "The vanilla app runs this protocol through the core's onStepUp option (client.user.updateLimits with its password prompt), with the same moments as the machine: each picture is the app at that moment.":
    'O aplicativo vanilla executa este protocolo pela opção onStepUp do núcleo (client.user.updateLimits com seu pedido de senha), com os mesmos momentos da máquina: cada imagem é o aplicativo naquele momento.',
  'The session runs this machine for the signed-in player: LIMIT is the time limit of each profile read, and CLOCK is how the machine hears its heartbeats (every tab of the origin shares one clock). In the app each CLOCK step is the page clock moved on in 5-second steps until the app shows that level; the timeLimit test account has a limit of 1 minute a day. At 100 % this app stops offering bets until the next day (an operator’s choice).':
    'A sessão executa esta máquina para o jogador conectado: LIMIT é o limite de tempo de cada leitura do perfil, e CLOCK é como a máquina recebe seus pulsos (todas as abas da origem compartilham um relógio). No aplicativo, cada passo CLOCK é o relógio da página adiantado em passos de 5 segundos até o aplicativo mostrar aquele nível; a conta de teste timeLimit tem um limite de 1 minuto por dia. A 100 %, este aplicativo deixa de oferecer apostas até o dia seguinte (uma escolha do operador).',
  '{=} state {=}: {}': '{=}, estado {=}: {}',
  '{=} step "{}" ({=}): {}': '{=}, passo "{}" ({=}): {}',
  '{=} (every path): {}': '{=} (todos os caminhos): {}',
  'timer {=}': 'temporizador {=}',
};

export interface Translator {
  /** `text` in the book's language (English when no translation is known). */
  say(text: string): string;
  /** The English strings asked for that had no translation, each once. */
  missing(): string[];
}

/**
 * A translator into `lang` over the book's and the app's tables (`ptBRTranslator` of
 * examples/shared/app-pt-BR.ts: the same words the app shows in pt-BR).
 *
 * @example
 * const t = translator('pt-BR'); t.say('to signedIn'); // 'até signedIn'
 */
export function translator(
  lang: Lang,
  table: Readonly<Record<string, string>> = { ...APP_PT_BR, ...CHAPTER_PT_BR, ...BOOK_PT_BR },
): Translator {
  const missing = new Set<string>();
  const pt = ptBRTranslator(table);
  const say = (text: string): string => {
    if (lang === 'en') return text;
    const said = pt(text);
    if (said !== undefined) return said;
    missing.add(text);
    return text;
  };
  return { say, missing: () => [...missing] };
}

// describeError's Brazilian Portuguese words.
import type { ErrorMessages } from './messages';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const wait = (s: number) =>
  s < 60 ? plural(s, 'segundo', 'segundos') : plural(Math.ceil(s / 60), 'minuto', 'minutos');

/**
 * describeError's words in Brazilian Portuguese.
 *
 * @example
 * import { createDescribeError, errorMessagesPtBR } from 'pam-client';
 * const describe = createDescribeError(errorMessagesPtBR);
 * describe(error).title; // 'O código não está correto. Tente novamente.'
 */
export const errorMessagesPtBR: ErrorMessages = {
  locale: 'pt-BR',
  fields: 'Verifique os campos destacados.',
  invalidRequest: 'Esta solicitação não é válida.',
  wrongCredentials: 'Login ou senha incorretos.',
  codeWrong: 'O código não está correto. Tente novamente.',
  codeUsedUp:
    'Código incorreto muitas vezes: esta tentativa de login foi encerrada. Entre novamente para receber um novo código.',
  cpfRefused: 'O CPF não foi aceito.',
  unauthorized: 'Sua sessão terminou. Entre novamente.',
  forbidden: 'Você não tem permissão para fazer isso.',
  notFound: 'Não encontrado.',
  conflict: 'Isto conflita com uma alteração feita nesse meio-tempo. Recarregue e tente novamente.',
  refused: 'A solicitação foi recusada. Verifique o que você informou.',
  server: 'O serviço está indisponível no momento. Tente novamente em instantes.',
  httpOther: (status) => `A solicitação falhou (status ${status}).`,
  tooManyNow: 'Muitas tentativas. Você já pode tentar novamente.',
  tooManyLater: 'Muitas tentativas. Tente novamente mais tarde.',
  tooManyIn: (s) => `Muitas tentativas. Tente novamente em ${wait(s)}.`,
  stepUpRequired: 'Confirme sua senha para fazer esta alteração.',
  stepUpInvalid: 'A senha informada na confirmação não está correta.',
  stepUpLocked: (s) => `Senha incorreta muitas vezes. Tente novamente em ${wait(s)}.`,
  network: 'Sem conexão com o servidor. Verifique sua conexão com a internet.',
  timeout: 'O servidor demorou demais para responder. Tente novamente.',
  aborted: 'A solicitação foi cancelada.',
  invalidResponse: 'O servidor enviou uma resposta inesperada. Tente novamente mais tarde.',
  configuration: 'O aplicativo não está configurado corretamente.',
  storage: 'Não foi possível ler ou salvar sua sessão neste dispositivo.',
  reportFailed: 'Não foi possível gerar o informe. Tente novamente mais tarde.',
  unknown: 'Algo deu errado. Tente novamente.',
  issues: {
    invalid_type: 'Obrigatório, ou de tipo inválido.',
    too_small: 'Curto ou pequeno demais.',
    too_big: 'Longo ou grande demais.',
    invalid_value: 'Não é uma das opções permitidas.',
    invalid_format: 'Formato inválido.',
    not_multiple_of: 'Valor fora do incremento permitido.',
    unrecognized_key: 'Campo desconhecido.',
    default: 'Valor inválido.',
  },
  field: {
    password: 'Verifique a senha.',
    passwordConfirmation: 'As senhas não conferem.',
    code: 'O código não está correto.',
    passwordCheck: 'A senha informada não está correta.',
    captcha: 'Refaça a verificação.',
    email: 'Informe um e-mail válido.',
    emailTaken: 'Este e-mail já está cadastrado.',
    cpf: 'Informe um CPF válido.',
    cpfTaken: 'Este CPF já está cadastrado.',
    cpfBarred: 'Este CPF consta no cadastro nacional de pessoas impedidas de apostar (SPA).',
    adult: 'É preciso ter pelo menos 18 anos.',
    date: 'Informe uma data válida.',
    required: 'Obrigatório.',
    accepted: 'É preciso aceitar.',
  },
};

// The words describeError uses, per locale. Our own sentences only: none quotes a value.

export type ErrorLocale = 'en' | 'pt-BR';

export interface Messages {
  fields: string;
  invalidRequest: string;
  wrongCredentials: string;
  unauthorized: string;
  forbidden: string;
  notFound: string;
  conflict: string;
  refused: string;
  server: string;
  httpOther: (status: number) => string;
  tooManyNow: string;
  tooManyLater: string;
  tooManyIn: (seconds: number) => string;
  stepUpRequired: string;
  stepUpInvalid: string;
  network: string;
  timeout: string;
  aborted: string;
  invalidResponse: string;
  configuration: string;
  storage: string;
  unknown: string;
  /** Per validation issue code (ours, from the schemas); `default` for the rest. */
  issues: Record<string, string>;
  /** Per field, for the fields whose value is a secret or whose rule we know. */
  field: {
    password: string;
    passwordConfirmation: string;
    code: string;
    passwordCheck: string;
    captcha: string;
    email: string;
    cpf: string;
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const en: Messages = {
  fields: 'Please check the highlighted fields.',
  invalidRequest: 'This request is not valid.',
  wrongCredentials: 'The login or password is incorrect.',
  unauthorized: 'Your session has ended. Please sign in again.',
  forbidden: 'You are not allowed to do this.',
  notFound: 'This could not be found.',
  conflict: 'This conflicts with a change made meanwhile. Please reload and try again.',
  refused: 'The request was refused. Please check what you entered.',
  server: 'The service is unavailable right now. Please try again in a moment.',
  httpOther: (status) => `The request failed (status ${status}).`,
  tooManyNow: 'Too many attempts. You can try again now.',
  tooManyLater: 'Too many attempts. Please try again later.',
  tooManyIn: (s) =>
    `Too many attempts. Please try again in ${s < 60 ? plural(s, 'second', 'seconds') : plural(Math.ceil(s / 60), 'minute', 'minutes')}.`,
  stepUpRequired: 'Please confirm your password to make this change.',
  stepUpInvalid: 'The password you confirmed is not correct.',
  network: 'No connection to the server. Please check your internet connection.',
  timeout: 'The server took too long to answer. Please try again.',
  aborted: 'The request was cancelled.',
  invalidResponse: 'The server sent an unexpected answer. Please try again later.',
  configuration: 'The app is not configured correctly.',
  storage: 'Your session could not be read or saved on this device.',
  unknown: 'Something went wrong. Please try again.',
  issues: {
    invalid_type: 'Required, or of the wrong type.',
    too_small: 'Too short or too small.',
    too_big: 'Too long or too large.',
    invalid_value: 'Not one of the allowed options.',
    invalid_format: 'Not in the expected format.',
    not_multiple_of: 'Not an allowed step.',
    unrecognized_key: 'Not a known field.',
    default: 'Not valid.',
  },
  field: {
    password: 'Please check the password.',
    passwordConfirmation: 'The passwords do not match.',
    code: 'The code is not correct.',
    passwordCheck: 'The password is not correct.',
    captcha: 'Please complete the verification again.',
    email: 'Please enter a valid e-mail address.',
    cpf: 'Please enter a valid CPF.',
  },
};

const ptBR: Messages = {
  fields: 'Verifique os campos destacados.',
  invalidRequest: 'Esta solicitação não é válida.',
  wrongCredentials: 'Login ou senha incorretos.',
  unauthorized: 'Sua sessão terminou. Entre novamente.',
  forbidden: 'Você não tem permissão para fazer isso.',
  notFound: 'Não encontrado.',
  conflict: 'Isto conflita com uma alteração feita nesse meio-tempo. Recarregue e tente novamente.',
  refused: 'A solicitação foi recusada. Verifique o que você informou.',
  server: 'O serviço está indisponível no momento. Tente novamente em instantes.',
  httpOther: (status) => `A solicitação falhou (status ${status}).`,
  tooManyNow: 'Muitas tentativas. Você já pode tentar novamente.',
  tooManyLater: 'Muitas tentativas. Tente novamente mais tarde.',
  tooManyIn: (s) =>
    `Muitas tentativas. Tente novamente em ${s < 60 ? plural(s, 'segundo', 'segundos') : plural(Math.ceil(s / 60), 'minuto', 'minutos')}.`,
  stepUpRequired: 'Confirme sua senha para fazer esta alteração.',
  stepUpInvalid: 'A senha informada na confirmação não está correta.',
  network: 'Sem conexão com o servidor. Verifique sua conexão com a internet.',
  timeout: 'O servidor demorou demais para responder. Tente novamente.',
  aborted: 'A solicitação foi cancelada.',
  invalidResponse: 'O servidor enviou uma resposta inesperada. Tente novamente mais tarde.',
  configuration: 'O aplicativo não está configurado corretamente.',
  storage: 'Não foi possível ler ou salvar sua sessão neste dispositivo.',
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
    cpf: 'Informe um CPF válido.',
  },
};

export const MESSAGES: Record<ErrorLocale, Messages> = { en, 'pt-BR': ptBR };

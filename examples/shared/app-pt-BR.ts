// The example app's words in Brazilian Portuguese, keyed on the English strings of app.ts (and of
// the lines the app builds from them: `{}` stands for any text, carried over in place). The review
// book's pt-BR edition lists each step's strings through this table; the build lists every string
// on screen that has no entry here (issue 31 item 8).

/** English string of the example app → pt-BR. */
export const APP_PT_BR: Readonly<Record<string, string>> = {
  // Field labels (FIELD_LABEL)
  'E-mail or CPF': 'E-mail ou CPF',
  'E-mail': 'E-mail',
  Password: 'Senha',
  Code: 'Código',
  CPF: 'CPF',
  'Birth date': 'Data de nascimento',
  Name: 'Nome',
  Phone: 'Telefone',
  'Deposit limit': 'Limite de depósito',
  'Loss limit': 'Limite de perda',
  'Time limit': 'Limite de tempo',
  Period: 'Período',
  Pause: 'Pausa',
  'Self-exclusion': 'Autoexclusão',
  '{}: {}': '{}: {}',
  // Report status (REPORT_STATUS_LABEL) and words
  pending: 'pendente',
  processing: 'em processamento',
  completed: 'concluído',
  failed: 'falhou',
  'loading years': 'carregando os anos',
  'no report yet': 'nenhum informe ainda',
  'timed out': 'prazo esgotado',
  // Periods, pauses and exclusions
  daily: 'diário',
  weekly: 'semanal',
  monthly: 'mensal',
  'per day': 'por dia',
  'per week': 'por semana',
  'per month': 'por mês',
  '1 day': '1 dia',
  '{} days': '{} dias',
  '{} months': '{} meses',
  indefinitely: 'por prazo indeterminado',
  // Sign-out notices
  'Your session expired. Please log in again.': 'Sua sessão expirou. Entre novamente.',
  'You logged out in another tab.': 'Você saiu em outra aba.',
  // Restrictions (KIND_LABEL, BY_LABEL, restrictionLines)
  Paused: 'Pausado',
  'Self-excluded': 'Autoexcluído',
  'Excluded by the operator': 'Excluído pelo operador',
  'Barred by the SPA (Secretaria de Prêmios e Apostas)':
    'Impedido pela SPA (Secretaria de Prêmios e Apostas)',
  'by you': 'por você',
  'by the operator': 'pelo operador',
  'by the SPA': 'pela SPA',
  'with no end date': 'sem data de término',
  'until it is lifted': 'até ser retirada',
  'until {}': 'até {}',
  'since {}': 'desde {}',
  'from {}': 'a partir de {}',
  '{} (Brasília time)': '{} (horário de Brasília)',
  'Pending: {}': 'Pendente: {}',
  // Limits
  'No limit set': 'Nenhum limite definido',
  'no limit': 'sem limite',
  'a new limit': 'um novo limite',
  '{} per day': '{} por dia',
  '{} per week': '{} por semana',
  '{} per month': '{} por mês',
  '{} from {}': '{} a partir de {}',
  // Confirmations
  'Exclude yourself indefinitely? This has no end date and you cannot undo it from this site.':
    'Excluir-se por prazo indeterminado? Isto não tem data de término e você não pode desfazer neste site.',
  'Exclude yourself for {}? You cannot undo it from this site before it ends.':
    'Excluir-se por {}? Você não pode desfazer neste site antes do fim.',
  'Pause your account for {}? You cannot bet until it ends, and it cannot be ended early.':
    'Pausar sua conta por {}? Você não pode apostar até o fim, e a pausa não pode ser encerrada antes.',
};

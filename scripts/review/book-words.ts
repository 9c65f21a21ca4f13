// The review book's own words (headings, explanations, links) in English and Brazilian Portuguese:
// one object per language, so a sentence missing in one is a type error. The words of the
// machines come from docs/machines/descriptions.json, those of the paths, the chapter and the app
// from the tables of translate.ts.

import type { Locale } from '../../tools/diagrams/words';

export type Lang = Locale;
export const LANGS: readonly Lang[] = ['en', 'pt-BR'];

const en = {
  htmlLang: 'en',
  book: 'Review book',
  bookTitle: 'pam-client review book',
  built: 'built',
  otherLang: 'Português (pt-BR)',
  intro:
    'Every path from the initial state to every reachable state of each machine, computed from the machine definitions with <code>xstate/graph</code>, and the named scenarios reviewers ask about. Each step shows a screenshot of the vanilla example app in that state, taken in Chromium against the reference server, with the strings on screen, then the diagram with the transition just taken.',
  failedTitle: (n: number) => `This build FAILED: ${n} problem${n === 1 ? '' : 's'}`,
  failedWhy:
    'The book below is incomplete: the pages of these paths are missing or wrong. The build exited with an error.',
  stats: (paths: number, failed: number, shots: number, seconds: number) =>
    `${paths} paths${failed > 0 ? ` (${failed} FAILED)` : ''}, ${shots} screenshots, built in ${seconds} s.`,
  machine: 'machine',
  paths: 'paths',
  steps: 'steps',
  failed: 'failed',
  pdf: 'PDF',
  rg: 'Responsible gaming',
  rgLink: 'The responsible-gaming chapter',
  rgWhy: 'each scenario with the rule behind it',
  cannotShow: 'What the app cannot show',
  allShown: 'Every step of every path was reproduced in the app.',
  missingPt: 'Strings without a pt-BR translation',
  missingPtWhy:
    'Shown in English in the pt-BR book, and the build failed (add them to examples/shared/app-pt-BR.ts, scripts/review/translate.ts or scripts/review/chapter-pt-BR.ts):',
  pdfLink: 'PDF for review meetings and audit files',
  pdfWhat:
    '(the diagram on its own page, then every path as a strip of steps; page numbers, version and date on every page).',
  technical: (n: number) =>
    `Technical view: every transition (the product view above leaves out ${n} transition${n === 1 ? '' : 's'} that stay in their state or that only the machine's own actors send)`,
  states: 'States',
  state: 'state',
  description: 'description',
  shortest: 'Shortest path to every state',
  scenarios: 'Scenarios',
  words: 'Events and guards, in words',
  wordsOrder:
    'Where several guarded transitions leave a state on one event, they are tried in the order of the transition table (docs/machines/<id>.md, its “tried” column): the first whose guard holds is taken.',
  live: 'Live: run <code>npm start</code> and open <code>http://localhost:5173/review-book/</code>: the book is served beside the visualizer, and each state links to it (the visualizer replays this book’s path to the state and links back). Opened from disk, the visualizer links need that server.',
  inVisualizer: 'in the visualizer',
  inVisualizerTitle: 'This state in the live visualizer (npm start)',
  coverage: 'Coverage per state',
  coverageWhy:
    'Every state has a real picture (the app showing that state), a stand-in (the picture shows another screen: which, and why) or none (why). The build fails on a state with neither.',
  picture: 'picture',
  real: 'real picture',
  standIn: (link: string, why: string) => `stand-in: ${link} shows another screen, because ${why}`,
  none: (why: string) => `none: ${why}`,
  gap: 'gap: no picture and no reason',
  step: 'Step',
  stepN: (path: string, i: number) => `${path}, step ${i}`,
  nSteps: (n: number) => `${n} step${n === 1 ? '' : 's'}`,
  as: (email: string) => `as ${email}`,
  scenario: 'Scenario',
  shortestPath: 'Shortest path',
  account: (email: string) =>
    `Test account: <strong>${email}</strong> (a seed account of the reference server).`,
  noAccount: 'No test account.',
  onScreen: 'On screen (copy deck)',
  noText: 'No text on screen.',
  wholePage: 'The whole page',
  transitionTaken: 'The diagram: the transition just taken, and where the machine is now',
  alt: (i: number, title: string, leaves: string) => `The app after step ${i} of "${title}": ${leaves}`,
  start: 'The machine starts in its initial state.',
  sends: (type: string, detail: string) =>
    `The app sends <code>${type}</code>${detail ? ` with ${detail}` : ''}.`,
  timer: (name: string) => `The <code>${name}</code> timer runs out.`,
  child: (src: string, answer: string) => `The <code>${src}</code> child machine moves: ${answer}.`,
  answers: (src: string, answer: string) => `<code>${src}</code> answers: ${answer}.`,
  rule: 'Rule:',
  chapterIntro:
    'Each scenario with the rule behind it, played in the vanilla example app against the reference server.',
  chapterPdf: 'PDF of this chapter',
  notReproduced: 'Could not be reproduced in the app:',
  notInApp: 'Not shown by the app',
  page: 'page',
  of: 'of',
};

export type BookWords = typeof en;

const ptBR: BookWords = {
  htmlLang: 'pt-BR',
  book: 'Livro de revisão',
  bookTitle: 'Livro de revisão do pam-client',
  built: 'gerado em',
  otherLang: 'English (en)',
  intro:
    'Cada caminho do estado inicial até cada estado alcançável de cada máquina, calculado das definições das máquinas com <code>xstate/graph</code>, e os cenários que os revisores pedem. Cada passo mostra uma captura de tela do app de exemplo (vanilla) naquele estado, feita no Chromium contra o servidor de referência, com os textos da tela, e depois o diagrama com a transição que acabou de ocorrer.',
  failedTitle: (n) => `Esta geração FALHOU: ${n} problema${n === 1 ? '' : 's'}`,
  failedWhy:
    'O livro abaixo está incompleto: as páginas destes caminhos faltam ou estão erradas. A geração terminou com erro.',
  stats: (paths, failed, shots, seconds) =>
    `${paths} caminhos${failed > 0 ? ` (${failed} com FALHA)` : ''}, ${shots} capturas de tela, gerado em ${seconds} s.`,
  machine: 'máquina',
  paths: 'caminhos',
  steps: 'passos',
  failed: 'com falha',
  pdf: 'PDF',
  rg: 'Jogo responsável',
  rgLink: 'O capítulo de jogo responsável',
  rgWhy: 'cada cenário com a regra por trás dele',
  cannotShow: 'O que o app não consegue mostrar',
  allShown: 'Cada passo de cada caminho foi reproduzido no app.',
  missingPt: 'Textos sem tradução para pt-BR',
  missingPtWhy:
    'Mostrados em inglês no livro em pt-BR, e a geração falhou (acrescente-os a examples/shared/app-pt-BR.ts, scripts/review/translate.ts ou scripts/review/chapter-pt-BR.ts):',
  pdfLink: 'PDF para reuniões de revisão e arquivos de auditoria',
  pdfWhat:
    '(o diagrama numa página própria, depois cada caminho como uma faixa de passos; números de página, versão e data em cada página).',
  technical: (n) =>
    `Visão técnica: todas as transições (a visão de produto acima omite ${n} transiç${n === 1 ? 'ão' : 'ões'} que permanecem no mesmo estado ou que só os próprios atores da máquina enviam)`,
  states: 'Estados',
  state: 'estado',
  description: 'descrição',
  shortest: 'Caminho mais curto até cada estado',
  scenarios: 'Cenários',
  words: 'Eventos e condições, em palavras',
  wordsOrder:
    'Quando várias transições com condição saem de um estado no mesmo evento, são testadas na ordem da tabela de transições (docs/machines/<id>.md, coluna “tried”): vale a primeira cuja condição for verdadeira.',
  live: 'Ao vivo: execute <code>npm start</code> e abra <code>http://localhost:5173/review-book/</code>: o livro é servido ao lado do visualizador, e cada estado tem um link para ele (o visualizador repete o caminho deste livro até o estado e volta para cá). Aberto do disco, os links do visualizador precisam desse servidor.',
  inVisualizer: 'no visualizador',
  inVisualizerTitle: 'Este estado no visualizador ao vivo (npm start)',
  coverage: 'Cobertura por estado',
  coverageWhy:
    'Cada estado tem uma imagem real (o app mostrando aquele estado), um substituto (a imagem mostra outra tela: qual e por quê) ou nenhuma (por quê). A geração falha num estado sem nenhum dos três.',
  picture: 'imagem',
  real: 'imagem real',
  standIn: (link, why) => `substituto: ${link} mostra outra tela, porque ${why}`,
  none: (why) => `nenhuma: ${why}`,
  gap: 'lacuna: sem imagem e sem motivo',
  step: 'Passo',
  stepN: (path, i) => `${path}, passo ${i}`,
  nSteps: (n) => `${n} passo${n === 1 ? '' : 's'}`,
  as: (email) => `como ${email}`,
  scenario: 'Cenário',
  shortestPath: 'Caminho mais curto',
  account: (email) =>
    `Conta de teste: <strong>${email}</strong> (uma conta semente do servidor de referência).`,
  noAccount: 'Sem conta de teste.',
  onScreen: 'Na tela (textos)',
  noText: 'Nenhum texto na tela.',
  wholePage: 'A página inteira',
  transitionTaken: 'O diagrama: a transição que acabou de ocorrer, e onde a máquina está agora',
  alt: (i, title, leaves) => `O app após o passo ${i} de "${title}": ${leaves}`,
  start: 'A máquina começa no estado inicial.',
  sends: (type, detail) => `O app envia <code>${type}</code>${detail ? ` com ${detail}` : ''}.`,
  timer: (name) => `O temporizador <code>${name}</code> termina.`,
  child: (src, answer) => `A máquina filha <code>${src}</code> muda: ${answer}.`,
  answers: (src, answer) => `<code>${src}</code> responde: ${answer}.`,
  rule: 'Regra:',
  chapterIntro:
    'Cada cenário com a regra por trás dele, jogado no app de exemplo (vanilla) contra o servidor de referência.',
  chapterPdf: 'PDF deste capítulo',
  notReproduced: 'Não pôde ser reproduzido no app:',
  notInApp: 'Não mostrado pelo app',
  page: 'página',
  of: 'de',
};

/** The book's words in `lang`. */
export const WORDS: Record<Lang, BookWords> = { en, 'pt-BR': ptBR };

// The responsible-gaming chapter's words in Brazilian Portuguese (scenario titles, rules and
// captions of chapter-*.ts, play-time-review.ts and responsible-gaming.ts), keyed on the English.
// The laws and portarias are named as docs/responsible-gaming.md names them; "to be confirmed by
// compliance" is "a confirmar pelo compliance". A chapter text with no entry fails the build.

/** The chapter's texts, English → pt-BR. */
export const CHAPTER_PT_BR: Readonly<Record<string, string>> = {
  // Registration
  'Registration with a CPF that already has an account': 'Cadastro com um CPF que já tem conta',
  'One account per CPF: a registration whose CPF already has an account is refused, with the message on the CPF field, and nothing of that account is shown (here the CPF is typed without the document check, so the name of its holder never appears). Source: to be confirmed by compliance (not in docs/responsible-gaming.md); the reference server refuses it.':
    'Uma conta por CPF: um cadastro cujo CPF já tem conta é recusado, com a mensagem no campo CPF, e nada dessa conta é exibido (aqui o CPF é digitado sem a consulta do documento, então o nome do titular nunca aparece). Fonte: a confirmar pelo compliance (não consta em docs/responsible-gaming.md); o servidor de referência recusa.',
  'A new player types a CPF that already has an account, with her own name and e-mail.':
    'Uma nova jogadora digita um CPF que já tem conta, com o próprio nome e e-mail.',
  'The server refuses it on the CPF field; no account is created.':
    'O servidor recusa no campo CPF; nenhuma conta é criada.',
  'Registration of a player under 18': 'Cadastro de um jogador menor de 18 anos',
  "Under-18s may not bet and the operator verifies identity: the document check fills in the register's birth date, and a birth date under 18 years on São Paulo's day is refused before anything is sent (the reference server would also refuse the CPF, whose register birth date is under 18). Source: Lei 14.790/2023, art. 26 (docs/responsible-gaming.md).":
    'Menores de 18 anos não podem apostar e o operador verifica a identidade: a consulta do documento preenche a data de nascimento do cadastro, e uma data de nascimento de menos de 18 anos no dia de São Paulo é recusada antes de qualquer envio (o servidor de referência também recusaria o CPF, cuja data de nascimento no cadastro é de menos de 18 anos). Fonte: Lei 14.790/2023, art. 26 (docs/responsible-gaming.md).',
  "The document check fills in the register's name and birth date: 17 years old.":
    'A consulta do documento preenche o nome e a data de nascimento do cadastro: 17 anos.',
  'Refused: the player must be at least 18 years old. Nothing was sent.':
    'Recusado: o jogador precisa ter pelo menos 18 anos. Nada foi enviado.',
  'Registration when the document check is unavailable':
    'Cadastro quando a consulta do documento está indisponível',
  "When the document check does not answer, registration goes on: the app asks the player to type the full name and birth date as on the document (both then required), the age rule applies to the typed date, and the server takes the CPF's register data. Source: going on without the check: operator's choice; the age: Lei 14.790/2023, art. 26 (docs/responsible-gaming.md); how the identity is verified afterwards: to be confirmed by compliance.":
    'Quando a consulta do documento não responde, o cadastro continua: o aplicativo pede ao jogador que digite o nome completo e a data de nascimento como constam no documento (os dois passam a ser obrigatórios), a regra de idade vale para a data digitada, e o servidor usa os dados do cadastro do CPF. Fonte: continuar sem a consulta: escolha do operador; a idade: Lei 14.790/2023, art. 26 (docs/responsible-gaming.md); como a identidade é verificada depois: a confirmar pelo compliance.',
  'The check is unavailable: the app asks for the name and birth date by hand.':
    'A consulta está indisponível: o aplicativo pede o nome e a data de nascimento digitados.',
  'Sent without them, the form asks for both first (nothing is sent).':
    'Enviado sem eles, o formulário pede os dois primeiro (nada é enviado).',
  'What follows: the account is created and the new player is signed in.':
    'Em seguida: a conta é criada e o novo jogador entra conectado.',
  'Before any bet, the app asks for the mandatory loss and time limits.':
    'Antes de qualquer aposta, o aplicativo pede os limites obrigatórios de perda e de tempo de jogo.',
  // Restrictions
  'An SPA-barred player logs in': 'Um jogador impedido pela SPA entra',
  "A CPF in the SPA register of barred players may not bet. The operator checks the register by CPF at registration and at the first login of each day (the profile read with check_spa_again=1); after a barred login the player places no new bets and the account is closed within 3 days, after a window to withdraw the balance. The app says so, shows the SPA's note as given, and hides the limits, the pause and the self-exclusion, which no longer apply. Source: Instrução Normativa SPA nº 31/2025 (docs/responsible-gaming.md).":
    'Um CPF no cadastro de apostadores impedidos da SPA não pode apostar. O operador consulta o cadastro pelo CPF na abertura da conta e no primeiro login de cada dia (a leitura do perfil com check_spa_again=1); depois de um login impedido, o jogador não faz novas apostas e a conta é encerrada em até 3 dias, após um prazo para sacar o saldo. O aplicativo informa isso, exibe a observação da SPA como recebida e oculta os limites, a pausa e a autoexclusão, que deixam de se aplicar. Fonte: Instrução Normativa SPA nº 31/2025 (docs/responsible-gaming.md).',
  'Signed in: no new bets, the account closed within 3 days, the balance withdrawable.':
    'Conectado: nenhuma aposta nova, a conta encerrada em até 3 dias, o saldo disponível para saque.',
  "The restriction with the SPA's note, as given.": 'A restrição com a observação da SPA, como recebida.',
  'No bets offered; no limits, pause or self-exclusion: they no longer apply.':
    'Nenhuma aposta oferecida; sem limites, pausa ou autoexclusão: eles deixam de se aplicar.',
  'A player excluded by the operator': 'Um jogador excluído pelo operador',
  "An operator exclusion blocks the account: no bets, the operator's note shown as given, pause and self-exclusion no longer offered, the balance still withdrawable. Source: the block, the note and the balance: this library's rules (docs/responsible-gaming.md: 'Two levels of restriction', 'Notes are shown as given', 'Money stays reachable'); the legal ground of an operator exclusion: to be confirmed by compliance.":
    "Uma exclusão pelo operador bloqueia a conta: nenhuma aposta, a observação do operador exibida como recebida, pausa e autoexclusão não são mais oferecidas, o saldo continua disponível para saque. Fonte: o bloqueio, a observação e o saldo: regras desta biblioteca (docs/responsible-gaming.md: 'Two levels of restriction', 'Notes are shown as given', 'Money stays reachable'); a base legal de uma exclusão pelo operador: a confirmar pelo compliance.",
  "The banner: excluded by the operator, with the operator's note.":
    'O aviso: excluído pelo operador, com a observação do operador.',
  'No bets; the balance stays withdrawable; no pause or self-exclusion offered.':
    'Nenhuma aposta; o saldo continua disponível para saque; nenhuma pausa ou autoexclusão oferecida.',
  'A cancelled account': 'Uma conta cancelada',
  "A cancelled account cannot sign in, so the app cannot show its balance: the login says the account was cancelled and that money left in it is still the player's, paid out through the operator's support. Source: money stays reachable: docs/responsible-gaming.md ('Money stays reachable'; the provision behind it: to be confirmed by compliance); the support channel: operator's choice.":
    "Uma conta cancelada não consegue entrar, então o aplicativo não pode exibir seu saldo: o login informa que a conta foi cancelada e que o dinheiro que ficou nela continua sendo do jogador, pago pelo atendimento do operador. Fonte: o dinheiro continua acessível: docs/responsible-gaming.md ('Money stays reachable'; a norma por trás disso: a confirmar pelo compliance); o canal de atendimento: escolha do operador.",
  'The login says the account was cancelled, and how its money is paid out.':
    'O login informa que a conta foi cancelada e como o dinheiro dela é pago.',
  'Restrictions that cannot be read': 'Restrições que não podem ser lidas',
  "Fail closed: while the profile (and with it the SPA check) cannot be read, the restrictions are unknown and betting waits until the check succeeds; the app keeps trying and offers bets once it does. Source: this library's rule (docs/responsible-gaming.md, 'Fail closed'), as Portaria SPA/MF nº 1.231/2024 makes the operator answerable for the limits and exclusions it shows.":
    "Falha segura (fail closed): enquanto o perfil (e com ele a consulta à SPA) não pode ser lido, as restrições são desconhecidas e as apostas aguardam até a verificação dar certo; o aplicativo continua tentando e oferece apostas assim que ela dá certo. Fonte: regra desta biblioteca (docs/responsible-gaming.md, 'Fail closed'), já que a Portaria SPA/MF nº 1.231/2024 torna o operador responsável pelos limites e exclusões que exibe.",
  'The profile read fails: betting waits until the check succeeds.':
    'A leitura do perfil falha: as apostas aguardam até a verificação dar certo.',
  'The read succeeds on a retry: the check is done (here the mandatory limits come next).':
    'A leitura dá certo em uma nova tentativa: a verificação foi feita (aqui, os limites obrigatórios vêm em seguida).',
  'A pause of 7 days': 'Uma pausa de 7 dias',
  "A pause stops betting and keeps the player signed in. It is confirmed by the player, then by the current password; it takes effect at once and is not ended early. Source: pauses: Portaria SPA/MF nº 1.231/2024 (docs/responsible-gaming.md); the lengths offered (1 to 45 days) and the confirmation: operator's choice; the password: this library's default (step-up).":
    'Uma pausa suspende as apostas e mantém o jogador conectado. Ela é confirmada pelo jogador e depois pela senha atual; vale imediatamente e não é encerrada antes do fim. Fonte: pausas: Portaria SPA/MF nº 1.231/2024 (docs/responsible-gaming.md); as durações oferecidas (de 1 a 45 dias) e a confirmação: escolha do operador; a senha: padrão desta biblioteca (step-up).',
  'The app asks the player to confirm first.': 'O aplicativo pede ao jogador que confirme primeiro.',
  'The server asks for the current password (step-up).': 'O servidor pede a senha atual (step-up).',
  'The pause is in force: the banner says since when and until when.':
    'A pausa está em vigor: o aviso informa desde quando e até quando.',
  'No bets until the pause ends.': 'Nenhuma aposta até o fim da pausa.',
  'A pause lifted at its end': 'Uma pausa encerrada no seu fim',
  "A pause ends by itself at its end: the app offers bets again with no new login (the restrictions are recomputed when one ends, and re-read at the first login of each day). Source: pauses: Portaria SPA/MF nº 1.231/2024; the daily re-check: Instrução Normativa SPA nº 31/2025 (docs/responsible-gaming.md). Here the server's and the page's clocks are moved a day and ten hours on: the server writes the end without a zone, so the client holds it until the latest instant it may mean, ten hours after it read as São Paulo time (fail closed; docs/responsible-gaming.md).":
    'Uma pausa termina sozinha no seu fim: o aplicativo volta a oferecer apostas sem novo login (as restrições são recalculadas quando uma termina, e lidas de novo no primeiro login de cada dia). Fonte: pausas: Portaria SPA/MF nº 1.231/2024; a nova consulta diária: Instrução Normativa SPA nº 31/2025 (docs/responsible-gaming.md). Aqui os relógios do servidor e da página são adiantados em um dia e dez horas: o servidor escreve o fim sem fuso, então o cliente o mantém até o último instante que ele pode significar, dez horas depois de lido no horário de São Paulo (falha fechada; docs/responsible-gaming.md).',
  'A 1-day pause is in force.': 'Uma pausa de 1 dia está em vigor.',
  'A day (and the ten hours a zoneless end is held) later the pause is over: the banner is gone and betting is back.':
    'Um dia (e as dez horas em que um fim sem fuso é mantido) depois a pausa acabou: o aviso sumiu e as apostas voltaram.',
  'Bets are offered now.': 'As apostas estão disponíveis agora.',
  'A self-exclusion for 3 months': 'Uma autoexclusão por 3 meses',
  "A self-exclusion blocks the account for the chosen time. The app says in its confirmation that it cannot be undone from the site, then the server asks for the current password; the central self-exclusion platform of every licensed operator is linked on every screen. Source: self-exclusion and the central platform: Portaria SPA/MF nº 1.231/2024 and nº 2.579/2025 (docs/responsible-gaming.md); no undoing from the site: this library's rule (there is no revoke call); the password: this library's default.":
    'Uma autoexclusão bloqueia a conta pelo tempo escolhido. O aplicativo diz na confirmação que ela não pode ser desfeita pelo site, e depois o servidor pede a senha atual; a plataforma centralizada de autoexclusão de todos os operadores autorizados tem um link em todas as telas. Fonte: autoexclusão e a plataforma centralizada: Portaria SPA/MF nº 1.231/2024 e nº 2.579/2025 (docs/responsible-gaming.md); não poder desfazer pelo site: regra desta biblioteca (não há chamada de revogação); a senha: padrão desta biblioteca.',
  'The central self-exclusion platform, linked on every screen.':
    'A plataforma centralizada de autoexclusão, com link em todas as telas.',
  'Self-excluded: the banner says until when.': 'Autoexcluído: o aviso informa até quando.',
  'No bets, the balance still withdrawable.': 'Nenhuma aposta, o saldo ainda disponível para saque.',
  'A self-exclusion with no end date': 'Uma autoexclusão sem data de término',
  "A self-exclusion may be for an indefinite time: it has no end date and the app's confirmation says it cannot be undone from the site. Source: Portaria SPA/MF nº 2.579/2025 (self-exclusion for a set or an indefinite time; docs/responsible-gaming.md); no undoing from the site: this library's rule.":
    'Uma autoexclusão pode ser por prazo indeterminado: não tem data de término e a confirmação do aplicativo diz que ela não pode ser desfeita pelo site. Fonte: Portaria SPA/MF nº 2.579/2025 (autoexclusão por prazo determinado ou indeterminado; docs/responsible-gaming.md); não poder desfazer pelo site: regra desta biblioteca.',
  'Self-excluded with no end date.': 'Autoexcluído sem data de término.',
  // Limits
  'The mandatory limits asked at onboarding': 'Os limites obrigatórios pedidos no primeiro acesso',
  "Every player must have a loss limit and a time limit: while either is missing the app asks for both first and offers no bets. Setting a limit where there was none is stricter, so it applies at once. Source: the mandatory limits: Portaria SPA/MF nº 2.579/2025 (docs/responsible-gaming.md); no bets until they are set: operator's choice.":
    'Todo jogador precisa ter um limite de perda e um limite de tempo: enquanto faltar algum, o aplicativo pede os dois primeiro e não oferece apostas. Definir um limite onde não havia nenhum é mais restritivo, então vale imediatamente. Fonte: os limites obrigatórios: Portaria SPA/MF nº 2.579/2025 (docs/responsible-gaming.md); nenhuma aposta até que sejam definidos: escolha do operador.',
  'First login: the app asks for a loss limit and a play-time limit.':
    'Primeiro login: o aplicativo pede um limite de perda e um limite de tempo de jogo.',
  'Both set: each in force at once.': 'Os dois definidos: cada um vale imediatamente.',
  'A looser deposit limit waits 24 hours': 'Um limite de depósito menos restritivo aguarda 24 horas',
  "Raising a deposit limit (looser) asks for the current password and takes effect after 24 hours: until then the limit in force holds, and the app says the date the new one takes effect. Source: this library's default, as the reference server does it (docs/responsible-gaming.md, 'Limits': whether the SPA requires a wait is not in the text we found; to be confirmed by compliance).":
    "Aumentar um limite de depósito (menos restritivo) pede a senha atual e passa a valer após 24 horas: até lá vale o limite em vigor, e o aplicativo informa a data em que o novo passa a valer. Fonte: padrão desta biblioteca, como o servidor de referência faz (docs/responsible-gaming.md, 'Limits': se a SPA exige um prazo de espera não consta no texto que encontramos; a confirmar pelo compliance).",
  'The deposit limit in force, and a change already pending with its date.':
    'O limite de depósito em vigor e uma alteração já pendente, com a data.',
  'Saved as pending: it says from when; until then the limit in force holds.':
    'Salvo como pendente: informa a partir de quando; até lá, vale o limite em vigor.',
  'A stricter deposit limit applies at once': 'Um limite de depósito mais restritivo vale imediatamente',
  "Lowering a deposit limit (stricter) applies at once, with no password asked. Source: this library's default (docs/responsible-gaming.md, 'Limits'; compareLimit decides stricter or looser by proof).":
    "Reduzir um limite de depósito (mais restritivo) vale imediatamente, sem pedir senha. Fonte: padrão desta biblioteca (docs/responsible-gaming.md, 'Limits'; compareLimit decide, com prova, se é mais ou menos restritivo).",
  'The new limit is in force at once.': 'O novo limite vale imediatamente.',
  'A play-time limit set, then changed': 'Um limite de tempo de jogo definido e depois alterado',
  "A play-time limit is set and changed like the deposit limit: a stricter one (or a first one) at once, a looser one after the password and 24 hours. Source: time limits: Portaria SPA/MF nº 1.231/2024 and nº 2.579/2025 (docs/responsible-gaming.md); the wait and the password: this library's default.":
    'Um limite de tempo de jogo é definido e alterado como o limite de depósito: um mais restritivo (ou o primeiro) imediatamente, um menos restritivo após a senha e 24 horas. Fonte: limites de tempo: Portaria SPA/MF nº 1.231/2024 e nº 2.579/2025 (docs/responsible-gaming.md); a espera e a senha: padrão desta biblioteca.',
  'A first limit of 60 minutes a day: in force at once.':
    'Um primeiro limite de 60 minutos por dia: vale imediatamente.',
  '90 minutes is looser: it waits, and says from when.':
    '90 minutos é menos restritivo: aguarda e informa a partir de quando.',
  'Play time reaches 80 % and 100 % of the limit': 'O tempo de jogo chega a 80 % e a 100 % do limite',
  "With a daily play-time limit the player is alerted at 80 % of it (the time left to the second under a minute) and at 100 %; only signed-in, awake time counts. At 100 % this app offers no more bets until the next day (the library's canBet keeps its meaning: restrictions only). Source: the alerts: Portaria SPA/MF nº 2.579/2025 (docs/responsible-gaming.md); 80 %: this library's default (warnAt); no bets until the next day: operator's choice. Here a 1-minute limit, the page clock moved on.":
    'Com um limite diário de tempo de jogo, o jogador é alertado a 80 % dele (o tempo restante em segundos abaixo de um minuto) e a 100 %; só conta o tempo conectado e com a página ativa. A 100 %, este aplicativo não oferece mais apostas até o dia seguinte (o canBet da biblioteca mantém seu sentido: só restrições). Fonte: os alertas: Portaria SPA/MF nº 2.579/2025 (docs/responsible-gaming.md); 80 %: padrão desta biblioteca (warnAt); nenhuma aposta até o dia seguinte: escolha do operador. Aqui, um limite de 1 minuto, com o relógio da página adiantado.',
  'Signed in with a 1-minute daily limit: nothing to say yet.':
    'Conectado com um limite diário de 1 minuto: nada a avisar ainda.',
  'About 80 % played: the first alert, with the seconds left.':
    'Cerca de 80 % jogado: o primeiro alerta, com os segundos restantes.',
  'The limit is reached: the second alert.': 'O limite foi atingido: o segundo alerta.',
  'No more bets offered until the next day.': 'Nenhuma aposta oferecida até o dia seguinte.',
  // The income report
  'The income report, downloaded': 'O informe de rendimentos, baixado',
  "The income report is generated, followed until it is ready, and downloaded with the player's token (a plain link would answer 401); the file is saved on the player's device. Source: the service's income report (spec); the rule that requires it: to be confirmed by compliance.":
    'O informe de rendimentos é gerado, acompanhado até ficar pronto e baixado com o token do jogador (um link simples responderia 401); o arquivo é salvo no dispositivo do jogador. Fonte: o informe de rendimentos do serviço (spec); a norma que o exige: a confirmar pelo compliance.',
  'The report is ready.': 'O informe está pronto.',
  'Downloaded: {} ({} bytes) saved on the device.': 'Baixado: {} ({} bytes) salvo no dispositivo.',
  // What the app does not show
  'A self-exclusion made on the central SPA platform':
    'Uma autoexclusão feita na plataforma centralizada da SPA',
  "It reaches the operator through the SPA register, so the service reports it in the spa_exclusion fields, like any SPA bar: the app cannot tell it apart and shows it as the SPA-barred player's page above (docs/responsible-gaming.md: the spa_exclusion fields are the SPA register check).":
    'Ela chega ao operador pelo cadastro da SPA, então o serviço a informa nos campos spa_exclusion, como qualquer impedimento da SPA: o aplicativo não consegue distingui-la e a exibe como a página do jogador impedido pela SPA acima (docs/responsible-gaming.md: os campos spa_exclusion são a consulta ao cadastro da SPA).',
  'The exclusions of Portaria SPA/MF nº 2.217/2025': 'As exclusões da Portaria SPA/MF nº 2.217/2025',
  "They are not among the service's fields (userInfo carries user_, operator_ and spa_exclusion only), so the app has nothing to show for them. How they reach the operator, and that portaria's text itself (named in issue 30, not among docs/responsible-gaming.md's sources): to be confirmed by compliance.":
    'Elas não estão entre os campos do serviço (userInfo traz apenas user_, operator_ e spa_exclusion), então o aplicativo não tem nada a exibir para elas. Como chegam ao operador, e o próprio texto dessa portaria (citada na issue 30, fora das fontes de docs/responsible-gaming.md): a confirmar pelo compliance.',
  "A cancelled account's balance on screen": 'O saldo de uma conta cancelada na tela',
  'A cancelled account cannot sign in, so the app cannot read its wallet: the login tells the player the money is still theirs and where to claim it (the cancelled-account scenario above).':
    'Uma conta cancelada não consegue entrar, então o aplicativo não pode ler a carteira: o login informa ao jogador que o dinheiro continua sendo dele e onde pedi-lo (o cenário da conta cancelada acima).',
};

import { inspect } from 'node:util';
import { describeError, isPamError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { openTab, useWorld } from '../support/world';

// FIXSEC28 F1, F2 (REVIEW28) end to end, over the reference server's sockets: a login's 422 echoes
// the password (F1) upper- or lower-cased where the case change alters its length (`ß` as `SS`,
// `İ` as `i̇`), or (F2) as its Latin-1 (ISO-8859-1) bytes in base64, base64url or hex (a legacy
// back end). Neither may reach the error's message, `toJSON()`, `fieldErrors`, stack, inspection
// or `describeError`.

const world = useWorld();
const latin1 = (s: string) => Buffer.from(s, 'latin1');

const ECHOES: [name: string, password: string, echo: string][] = [
  ['ß upper-cased (SS)', 'Straße_Geheimnis-2026', 'STRASSE_GEHEIMNIS-2026'],
  [
    'ß upper-cased, pt-BR locale',
    'Straße_Geheimnis-2026',
    'Straße_Geheimnis-2026'.toLocaleUpperCase('pt-BR'),
  ],
  ['ß as ss, rest as sent', 'Straße_Geheimnis-2026', 'Strasse_Geheimnis-2026'],
  ['İ lower-cased (i + dot above)', 'İstanbul_Sifre-2026', 'İstanbul_Sifre-2026'.toLowerCase()],
  ['ﬁ upper-cased (FI)', 'ﬁnal_Secret-2026x', 'FINAL_SECRET-2026X'],
  ['Greek, final sigma lower-cased', 'ΟΔΟΣ_ΚΩΔΙΚΟΣ-2026', 'οδος_κωδικος-2026'],
  ['Latin-1 base64', 'Coração-Secreto_2026', latin1('Coração-Secreto_2026').toString('base64')],
  ['Latin-1 base64url', 'Avô_senha.2026!?', latin1('Avô_senha.2026!?').toString('base64url')],
  ['Latin-1 hex', 'Coração-Secreto_2026', latin1('Coração-Secreto_2026').toString('hex')],
  ['Latin-1 HEX', 'Straße_Geheimnis-2026', latin1('Straße_Geheimnis-2026').toString('hex').toUpperCase()],
];

describe('a password echoed in another letter case or as Latin-1 bytes (FIXSEC28 F1, F2)', () => {
  it.each(ECHOES)('%s: hidden in every surface of the error', async (_, password, echo) => {
    const seen: string[] = [];
    const tab = openTab(world, { inspect: (event) => seen.push(JSON.stringify(event)) });
    world.tabs.push(tab);
    world.server.faults.add({
      path: '/auth/login',
      status: 422,
      body: { message: `Senha ${echo} inválida`, errors: { password: [`x ${echo}`], [echo]: ['as a key'] } },
      times: 1,
    });
    tab.client.login({ login: world.server.seed.plain.email, password });
    for (let i = 0; i < 50 && tab.client.view.status !== 'signedOut'; i++) await world.settle();
    await world.settle();
    const error = tab.client.view.error as Error & { fieldErrors?: unknown };
    expect(isPamError(error)).toBe(true);
    expect(error.message).toBe('Senha [redacted] inválida');
    const surfaces = [
      error.message,
      JSON.stringify(error),
      String(error.stack),
      JSON.stringify(error.fieldErrors),
      inspect(error, { depth: 8, showHidden: true }),
      JSON.stringify(describeError(error, { locale: 'pt-BR' })),
      JSON.stringify(tab.client.view),
      ...seen,
    ].join('\n');
    expect(surfaces.toLowerCase()).not.toContain(echo.toLowerCase());
    tab.client.stop();
  });
});

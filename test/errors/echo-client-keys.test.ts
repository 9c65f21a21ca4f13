import { inspect } from 'node:util';
import { describeError, isPamError } from 'pam-client';
import { sessionActorOf } from 'pam-client/devtools';
import { describe, expect, it } from 'vitest';
import { openTab, useWorld } from '../support/world';

// Issue 27.1 end to end: a password that is a plain identifier (`hunter2xyz`), echoed by the
// server as a field name of a 422, reaches neither the view's error, its fieldErrors,
// describeError, the persisted snapshot, the debug log nor an inspection event. (It reached
// `fieldErrors` before: an identifier key was taken for a field name.)

const world = useWorld();

describe('a password echoed as a field name', () => {
  for (const password of ['hunter2xyz', 'abc12345', 'Senha2025']) {
    it(`${password}: as a key, alone and with a suffix, never reaches a surface`, async () => {
      const seen: string[] = [];
      const tab = openTab(world, {
        inspect: (event) => seen.push(JSON.stringify(event)),
        debug: (line, detail) => seen.push(`${line} ${inspect(detail, { depth: 8 })}`),
      });
      world.tabs.push(tab);
      world.server.faults.add({
        path: '/auth/login',
        status: 422,
        body: {
          message: 'Invalid data',
          errors: { [password]: ['is wrong'], [`${password}_confirmation`]: ['does not match'] },
        },
        times: 1,
      });
      tab.client.login({ login: world.server.seed.plain.email, password });
      for (let i = 0; i < 50 && tab.client.view.status !== 'signedOut'; i++) await world.settle();
      await world.settle();
      const error = tab.client.view.error;
      expect(isPamError(error), tab.client.view.status).toBe(true);
      const surfaces = [
        JSON.stringify(error),
        inspect(error, { depth: 8, showHidden: true }),
        JSON.stringify((error as { fieldErrors?: unknown }).fieldErrors),
        JSON.stringify(describeError(error)),
        JSON.stringify(describeError(error, { locale: 'pt-BR' })),
        JSON.stringify(sessionActorOf(tab.client).getPersistedSnapshot()),
        JSON.stringify(tab.client.view),
        ...seen,
      ].join('\n');
      expect(surfaces).not.toContain(password);
      expect(Object.keys((error as unknown as { fieldErrors: object }).fieldErrors)).toEqual([
        '[redacted]',
        '[redacted]_confirmation',
      ]);
      tab.client.stop();
    });
  }
});

import { inspect } from 'node:util';
import fc from 'fast-check';
import { describeError, isPamError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { createScrubber } from '../../src/errors/scrub';
import { openTab, useWorld } from '../support/world';

// REVIEW-U U-4 (a): an error body that echoes a secret with an invisible character (zero-width,
// format, soft hyphen) or a space between every character renders as the secret: none may reach
// an error, describeError, the view or an event.

const INVISIBLE = ['\u200b', '\u200c', '\u200d', '\u200e', '\u200f', '\u2060', '\ufeff', '\u00ad'];
const FORMS: Record<string, (s: string) => string> = {
  ...Object.fromEntries(
    INVISIBLE.map((z) => [`U+${z.charCodeAt(0).toString(16)}`, (s: string) => [...s].join(z)]),
  ),
  spaced: (s) => [...s].join(' '),
  'spaced, zero-width too': (s) => [...s].join(' \u200b'),
};

const world = useWorld();

async function failedLogin(secret: 'password' | 'code', echo: (s: string) => string) {
  const seen: string[] = [];
  const tab = openTab(world, {
    inspect: (e) => seen.push(JSON.stringify(e)),
    debug: (l, d) => seen.push(`${l} ${inspect(d, { depth: 8 })}`),
  });
  world.tabs.push(tab);
  const { email, password, twoFactorCode } = world.server.seed.twoFactor;
  const value = (secret === 'password' ? password : twoFactorCode) as string;
  const fault = () =>
    world.server.faults.add({
      path: '/auth/login',
      status: 422,
      body: {
        message: `Recusado: ${echo(value)}`,
        errors: { login: [`valor ${echo(value)} inválido`] },
        debug: { input: [echo(value)] },
      },
      times: 1,
    });
  if (secret === 'password') fault();
  tab.client.login({ login: email, password });
  for (let i = 0; i < 50 && !['signedOut', 'twoFactorRequired'].includes(tab.client.view.status); i++)
    await world.settle();
  if (secret === 'code') {
    expect(tab.client.view.status).toBe('twoFactorRequired');
    fault();
    tab.client.submitCode(value);
    for (let i = 0; i < 50 && !tab.client.view.error; i++) await world.settle();
  }
  await world.settle();
  const error = tab.client.view.error;
  expect(isPamError(error)).toBe(true);
  const surfaces = [
    JSON.stringify(error),
    inspect(error, { depth: 8, showHidden: true }),
    JSON.stringify(describeError(error)),
    JSON.stringify(tab.client.view),
    ...seen,
  ].join('\n');
  tab.client.stop();
  return { surfaces, value };
}

/** `text` as it renders: invisible characters gone, single spacing closed. */
const rendered = (t: string) =>
  t.replace(/[\u00ad\u200b-\u200f\u2060\ufeff]/g, '').replace(/(?<=\S) (?=\S)/g, '');

describe('U-4 (a): a secret echoed with invisible characters or spacing', () => {
  for (const secret of ['password', 'code'] as const)
    for (const [name, echo] of Object.entries(FORMS))
      it(`never reaches a surface of createPamClient: the ${secret} echoed ${name}`, async () => {
        const { surfaces, value } = await failedLogin(secret, echo);
        expect(surfaces).not.toContain(echo(value));
        expect(rendered(surfaces)).not.toContain(value);
        expect(surfaces).toContain('[redacted]');
      });

  it('property: no generated secret, echoed in any such form in a nested error body, survives', () => {
    const secret = fc.stringMatching(/^[\w!@#$%&*+?=-]{6,24}$/);
    const form = fc.constantFrom(...Object.values(FORMS));
    fc.assert(
      fc.property(secret, form, fc.string({ maxLength: 8 }), (s, echo, around) => {
        const scrub = createScrubber([s], true);
        const body = scrub.deep({ message: `x ${echo(s)} y`, a: { b: [`${around} ${echo(s)}`] } });
        const text = JSON.stringify(body);
        expect(text).not.toContain(echo(s));
        expect(rendered(JSON.parse(text).message)).not.toContain(s);
        expect(rendered(scrub.text(`${around}${echo(s)}`))).not.toContain(s);
      }),
      { numRuns: 300, seed: 4 },
    );
  });
});

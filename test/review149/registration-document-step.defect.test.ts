// Review 149. Severity: LOW-MEDIUM (fail open on what the form says it checked).
// 1. What happens: `registrationMachine` checks CPF A (`valid`, A's holder prefilled), the player
//    then types CPF B in the form and submits: the output says `documentCheck: 'valid'` for a
//    payload whose `number` was never checked (machines/registrationMachine.ts `emitSubmitted` /
//    `submitted.output` copy `context.documentCheck` without comparing `context.document` with
//    `payload.number`). An app that skips its own KYC step on `valid` registers B on A's check.
//    Should: a payload whose `number` (read as `documentText` reads it) is not the one checked
//    leaves with `documentCheck: 'unchecked'`.
// 2. What happens: CHECK_DOCUMENT of a number registration can never take (all-same digits, wrong
//    check digits) is sent to `/auth/validate-document` (the CPF leaves the device for nothing; a
//    lenient or hostile verdict then marks it `valid` and prefills a person for it). Should: refused
//    at once (`documentInvalid`, `invalid_request` at `number`), nothing sent: the registration's
//    own rule (`isValidCpf`, README: "refused before anything is sent").
import { createOfetchAdapter, createRegistrationModule } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { registrationMachine } from '../../machines/registrationMachine';
import { useReferenceServer } from '../support/server';

const ref = useReferenceServer();
const VALIDATE = '/auth/validate-document';
const payload = (number?: string) => ({
  email: 'doc@example.com',
  password: 'Str0ng!Passw0rd',
  country: 'BR',
  nationalities: '["BR"]',
  optIn: true,
  ...(number === undefined ? {} : { number }),
});

const start = () =>
  createActor(registrationMachine, {
    input: { auth: createRegistrationModule(createOfetchAdapter({ baseURL: ref.server.url, retry: 0 })) },
  }).start();

describe('registrationMachine: what the document check covers', () => {
  it('A checked valid, B submitted: the output does not say valid', async () => {
    const actor = start();
    actor.send({ type: 'CHECK_DOCUMENT', number: '123.456.789-09' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.documentCheck === 'valid', {
      timeout: 30_000,
    });
    actor.send({ type: 'SUBMIT', payload: payload('529.982.247-25') });
    expect(actor.getSnapshot().output?.documentCheck).not.toBe('valid');
  });

  it('A checked valid, submitted without a number: the output does not say valid', async () => {
    const actor = start();
    actor.send({ type: 'CHECK_DOCUMENT', number: '123.456.789-09' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.documentCheck === 'valid', {
      timeout: 30_000,
    });
    actor.send({ type: 'SUBMIT', payload: payload() });
    expect(actor.getSnapshot().output?.documentCheck).not.toBe('valid');
  });

  for (const number of ['111.111.111-11', '123.456.789-00'])
    it(`CHECK_DOCUMENT ${number}: refused at once, nothing sent`, async () => {
      const actor = start();
      actor.send({ type: 'CHECK_DOCUMENT', number });
      const s = await waitFor(actor, (x) => !x.matches('checkingDocument'), { timeout: 30_000 });
      actor.stop();
      expect(ref.server.requests.filter((r) => r.path === VALIDATE)).toHaveLength(0);
      expect(s.value).toBe('documentInvalid');
      expect(s.context.error?.code).toBe('invalid_request');
    });
});

// Review 100. Severity: MEDIUM.
// What happens: `registrationMachine`'s document step takes any answer with `docnumber_valid: true`
// as the verdict on the number it asked about, even when the answer names another document
// (`docnumber`). A hostile or mixed-up answer (a cache serving another player's check) makes the
// CPF typed `valid` and prefills another person's name and birth date into the form
// (machines/registration/document.ts `requestDocumentCheck` checks only the type of
// `docnumber_valid`; machines/registrationMachine.ts `documentValid`/`acceptDocument`). Its own
// comment says an answer that is "no answer to this question" is no verdict.
// What should happen: an answer whose `docnumber` (read as a document number is read) is not the
// number asked is no verdict: `documentCheck` `unavailable`, no prefill, no other person's data in
// the snapshot.
import { createOfetchAdapter, createRegistrationModule } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { registrationMachine } from '../../machines/registrationMachine';
import { useReferenceServer } from '../support/server';

const ref = useReferenceServer();

describe('registrationMachine: a verdict on another document is no verdict', () => {
  it('docnumber names another CPF: unavailable, nothing prefilled', async () => {
    const { server } = ref;
    const http = createOfetchAdapter({ baseURL: server.url, retry: 0 });
    server.faults.add({
      method: 'POST',
      path: '/auth/validate-document',
      status: 200,
      body: {
        docnumber: '12345678909',
        docnumber_valid: true,
        name: 'Outra Pessoa',
        birth_date: '1970-01-01',
      },
    });
    const actor = createActor(registrationMachine, {
      input: { auth: createRegistrationModule(http) },
    }).start();
    actor.send({ type: 'CHECK_DOCUMENT', number: '529.982.247-25' });
    await waitFor(actor, (s) => !s.matches('checkingDocument'), { timeout: 30_000 });
    const { context } = actor.getSnapshot();
    expect(context.documentCheck).toBe('unavailable');
    expect(context.prefill).toBeNull();
    expect(JSON.stringify(actor.getSnapshot())).not.toContain('Outra Pessoa');
    actor.stop();
  });
});

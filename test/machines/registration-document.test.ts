import fc from 'fast-check';
import { createOfetchAdapter, createRegistrationModule, type ValidateDocumentResponse } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { DocumentRequest } from '../../machines/registration/document';
import { registrationMachine } from '../../machines/registrationMachine';
import { readBoolean } from '../../src/schemas/common';
import { useEchoServer } from '../http/echo-server';

// Review 7, L3: `registrationMachine` marked a document `valid` (prefill `docnumber_valid: true`)
// when the answer said nothing of it (`{}`, `{ docnumber_valid: null }`, a login answer): only an
// explicit `true` is a valid document, an explicit `false` an invalid one; an answer without a
// verdict is no check, `unavailable` (the registration goes on, as when the check cannot be made),
// like an answer that cannot be read. A check an app provides (`.provide`) is valid only on `true`.

const echo = useEchoServer();

/** The document step against the hostile server answering `body`; the snapshot once it settles. */
async function check(body: unknown) {
  echo.answer = { status: 200, body };
  const auth = createRegistrationModule(
    createOfetchAdapter({ baseURL: echo.server.url, timeout: 5000, retry: 0 }),
  );
  const actor = createActor(registrationMachine, { input: { auth } }).start();
  actor.send({ type: 'CHECK_DOCUMENT', number: '52998224725' });
  const s = await waitFor(actor, (x) => !x.matches('checkingDocument'));
  actor.stop();
  return {
    value: s.value,
    documentCheck: s.context.documentCheck,
    prefill: s.context.prefill,
    error: s.context.error?.code ?? null,
  };
}

const UNKNOWN = { value: 'editing', documentCheck: 'unavailable', prefill: null, error: 'invalid_response' };

describe('registrationMachine: the document verdict is only what the answer says', () => {
  it.each([
    ['{}', {}],
    ['docnumber_valid: null', { docnumber_valid: null }],
    ['a login challenge', { type: 'two_factor_code' }],
    [
      'the holder without a verdict',
      { docnumber: '52998224725', name: 'Ana Lima', birth_date: '1990-01-02' },
    ],
    ['null', null],
  ])('an answer without a verdict (%s) is unavailable, never valid', async (_, body) => {
    expect(await check(body)).toEqual(UNKNOWN);
  });

  it('an explicit true is valid (with its prefill), an explicit false invalid', async () => {
    expect(await check({ docnumber_valid: true, name: 'Ana Lima' })).toEqual({
      value: 'editing',
      documentCheck: 'valid',
      prefill: { docnumber_valid: true, name: 'Ana Lima' },
      error: null,
    });
    expect(await check({ docnumber_valid: false })).toMatchObject({
      value: 'documentInvalid',
      documentCheck: 'invalid',
      prefill: null,
    });
  });

  it('property: over the wire, valid only when the answer reads true, invalid only when false', async () => {
    const verdict = fc.oneof(
      fc.boolean(),
      fc.constantFrom(null, 'true', ' FALSE ', '1', '0', 1, 0, 2, 'yes', '', [], {}),
      fc.jsonValue(),
    );
    await fc.assert(
      fc.asyncProperty(fc.option(verdict, { nil: undefined }), async (v) => {
        const body = v === undefined ? { name: 'Ana Lima' } : { docnumber_valid: v, name: 'Ana Lima' };
        const read = readBoolean(v);
        const s = await check(body);
        if (read === true)
          expect(s).toEqual({
            value: 'editing',
            documentCheck: 'valid',
            prefill: { docnumber_valid: true, name: 'Ana Lima' },
            error: null,
          });
        else if (read === false)
          expect(s).toMatchObject({ value: 'documentInvalid', documentCheck: 'invalid' });
        else expect(s).toEqual(UNKNOWN);
      }),
      { numRuns: 60 },
    );
  });

  it('a check an app provides that answers no verdict is never valid', async () => {
    for (const output of [
      {},
      null,
      { docnumber_valid: null },
      { docnumber_valid: 'true' },
      { docnumber_valid: 1 },
    ]) {
      const machine = registrationMachine.provide({
        actors: {
          checkDocument: fromPromise<ValidateDocumentResponse, DocumentRequest>(async () => output as never),
        },
      });
      const actor = createActor(machine, { input: { auth: { validateDocument: async () => ({}) } } }).start();
      actor.send({ type: 'CHECK_DOCUMENT', number: '52998224725' });
      const s = await waitFor(actor, (x) => !x.matches('checkingDocument'));
      actor.stop();
      // Not read as the built-in check reads (no schema in between): only `true` itself is valid.
      expect([s.value, s.context.documentCheck, s.context.prefill]).toEqual([
        'documentInvalid',
        'invalid',
        null,
      ]);
    }
  });
});

// Model-based test of registrationMachine: its graph (with the document check's done/error
// events standing for the server's answers) is walked along every shortest path (one per
// transition), and a real actor, whose check is a fake answering by the number (`<kind>`), is
// driven along the same path and compared with the model at every step.
import { HttpError, NetworkError, RequestValidationError, type ValidateDocumentResponse } from 'pam-client';
import { describe, expect, it } from 'vitest';
import {
  type ActorLogic,
  type AnyEventObject,
  createActor,
  fromPromise,
  type SnapshotFrom,
  waitFor,
} from 'xstate';
import { TestModel } from 'xstate/graph';
import type { DocumentRequest } from '../../machines/registration/document';
import { registrationMachine } from '../../machines/registrationMachine';
import { isSecret } from '../../src/secrets/index';

const at = { method: 'POST', path: '/auth/validate-document' };
const ANSWERS = {
  valid: {
    output: { docnumber_valid: true, name: 'Ana Lima', birth_date: '1990-01-02', mother_name: 'Rosa Lima' },
  },
  refused: { output: { docnumber_valid: false } },
  malformed: {
    error: new RequestValidationError('validateDocument', [{ path: ['number'], code: 'x', message: 'x' }]),
  },
  rejected: { error: new HttpError({ ...at, status: 422, body: { message: 'Invalid.' } }) },
  unavailable: { error: new HttpError({ ...at, status: 503 }) },
  throttled: { error: new HttpError({ ...at, status: 429, retryAfter: 5 }) },
  offline: { error: new NetworkError('POST', at.path) },
} as const;
type Kind = keyof typeof ANSWERS;
/** The error code each answer that invalidates the document leaves in context. */
const INVALID_CODE = { refused: 'invalid_request', malformed: 'invalid_request', rejected: 'http' } as const;
const KINDS = Object.keys(ANSWERS) as Kind[];

/** A valid CPF for each kind of answer (a number that is no CPF is refused unsent: review 149). */
const cpf = (base: number): string => {
  const d = String(base).padStart(9, '0').split('').map(Number);
  for (const n of [10, 11]) {
    const sum = d.reduce((s, x, i) => s + x * (n - i), 0);
    d.push(((sum * 10) % 11) % 10);
  }
  return d.join('');
};
const CPF_OF = Object.fromEntries(KINDS.map((k, i) => [k, cpf(123_456_780 + i)])) as Record<Kind, string>;
const KIND_OF = Object.fromEntries(KINDS.map((k) => [CPF_OF[k], k])) as Record<string, Kind>;

interface Pending {
  kind: Kind;
  signal: AbortSignal;
  answered: boolean;
  settle(): void;
}

function fakeServer() {
  const pending: Pending[] = [];
  const check = fromPromise<ValidateDocumentResponse, DocumentRequest>(
    ({ input, signal }) =>
      new Promise((resolve, reject) => {
        const kind = KIND_OF[input.number] as Kind;
        const answer: { output?: ValidateDocumentResponse; error?: unknown } = ANSWERS[kind];
        const request: Pending = {
          kind,
          signal,
          answered: false,
          settle: () => {
            request.answered = true;
            if (answer.output) resolve(answer.output);
            else reject(answer.error);
          },
        };
        pending.push(request);
      }),
  );
  return { pending, machine: registrationMachine.provide({ actors: { checkDocument: check } }) };
}

type Snap = SnapshotFrom<typeof registrationMachine>;
const view = (s: Snap) => ({
  value: s.value,
  status: s.status,
  documentCheck: s.context.documentCheck,
  prefill: s.context.prefill,
  error: s.context.error?.code ?? null,
  submitted: s.output
    ? { documentCheck: s.output.documentCheck, boxed: isSecret(s.output.payload.password) }
    : null,
});

const input = { auth: { validateDocument: () => Promise.reject(new Error('the model never calls auth')) } };
const { machine: modelMachine } = fakeServer();
// (Its number, the one every check of the model is of: the check a payload carries is its own's.)
const PAYLOAD = { email: 'a@x', password: 'pw', country: 'BR', nationalities: '["BR"]', optIn: false };
const EVENTS: AnyEventObject[] = [
  { type: 'CHECK_DOCUMENT', number: CPF_OF.valid },
  { type: 'SUBMIT', payload: { ...PAYLOAD, number: CPF_OF.valid } },
  { type: 'RESET' },
  ...KINDS.map((kind) => {
    const answer: { output?: unknown; error?: unknown } = ANSWERS[kind];
    return 'output' in answer
      ? { type: 'xstate.done.actor.checkDocument', output: answer.output, kind }
      : { type: 'xstate.error.actor.checkDocument', error: answer.error, kind };
  }),
];
const serialize = (s: Snap) => JSON.stringify(view(s));
const model = new TestModel<Snap, AnyEventObject, typeof input>(
  modelMachine as unknown as ActorLogic<Snap, AnyEventObject, typeof input>,
  {
    input,
    events: (state) => EVENTS.filter((event) => state.can(event as never)),
    serializeState: (s, event, prev) =>
      serialize(s) +
      (event && prev && serialize(prev) !== serialize(s)
        ? ` via ${JSON.stringify(event)} from ${serialize(prev)}`
        : ''),
  },
);
const paths = model.getShortestPaths();
const kindOf = (event: AnyEventObject | undefined): Kind => (event?.kind as Kind | undefined) ?? 'valid';

/** The contract, written apart from the machine: where each answer leads. */
function expected(prev: Snap, event: AnyEventObject): { value: string; documentCheck: string } {
  const from = String(prev.value);
  if (event.type === 'CHECK_DOCUMENT') return { value: 'checkingDocument', documentCheck: 'unchecked' };
  if (event.type === 'SUBMIT') return { value: 'submitted', documentCheck: prev.context.documentCheck };
  if (event.type === 'RESET') return { value: 'editing', documentCheck: 'unchecked' };
  expect(from).toBe('checkingDocument');
  const kind = event.kind as Kind;
  if (kind === 'valid') return { value: 'editing', documentCheck: 'valid' };
  if (kind === 'refused' || kind === 'malformed' || kind === 'rejected')
    return { value: 'documentInvalid', documentCheck: 'invalid' };
  return { value: 'editing', documentCheck: 'unavailable' };
}

describe('registrationMachine (model-based, every shortest path)', () => {
  it('covers every state, every outcome of the check, and SUBMIT after each', () => {
    const visited = paths.flatMap((p) => p.steps.map((s) => s.state));
    expect([...new Set(visited.map((s) => String(s.value)))].sort()).toEqual([
      'checkingDocument',
      'documentInvalid',
      'editing',
      'submitted',
    ]);
    const submittedWith = new Set(
      visited.filter((s) => s.matches('submitted')).map((s) => s.output?.documentCheck as string),
    );
    expect(submittedWith).toEqual(new Set(['unchecked', 'valid', 'unavailable']));
    // A check in flight is aborted by a new check and by RESET: both cases are on some path.
    const outOfCheck = (type: string) =>
      paths.some((p) =>
        p.steps.some((s, i) => s.event.type === type && p.steps[i - 1]?.state.matches('checkingDocument')),
      );
    expect({ check: outOfCheck('CHECK_DOCUMENT'), reset: outOfCheck('RESET') }).toEqual({
      check: true,
      reset: true,
    });
    // Stopped at an invalid document: SUBMIT is never taken from there.
    for (const p of paths)
      for (const [i, step] of p.steps.entries())
        if (step.event.type === 'SUBMIT') expect(String(p.steps[i - 1]?.state.value)).toBe('editing');
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const { pending, machine } = fakeServer();
    const actor = createActor(machine, { input }).start();
    const busy = (s: Snap) => s.matches('checkingDocument');
    let checked: string | undefined;
    try {
      for (const [i, step] of path.steps.entries()) {
        const event = step.event as AnyEventObject;
        const next = path.steps[i + 1]?.event as AnyEventObject | undefined;
        if (event.type === 'CHECK_DOCUMENT') {
          // A new check aborts exactly the one in flight (one while checking, none otherwise).
          const open = pending.filter((r) => !r.answered);
          expect(open).toHaveLength(busy(actor.getSnapshot()) ? 1 : 0);
          checked = CPF_OF[kindOf(next)];
          actor.send({ type: 'CHECK_DOCUMENT', number: checked });
          expect(open.map((r) => r.signal.aborted)).toEqual(open.map(() => true));
        } else if (event.type === 'SUBMIT') {
          actor.send({ type: 'SUBMIT', payload: { ...PAYLOAD, number: checked } });
        } else if (event.type === 'RESET') {
          const open = pending.filter((r) => !r.answered);
          expect(open).toHaveLength(busy(actor.getSnapshot()) ? 1 : 0);
          actor.send({ type: 'RESET' });
          expect(open.map((r) => r.signal.aborted)).toEqual(open.map(() => true));
        } else {
          const request = pending.at(-1);
          expect(request?.kind).toBe(event.kind);
          request?.settle();
          await waitFor(actor, (s) => !busy(s), { timeout: 10_000 });
        }
        const prev = path.steps[i - 1]?.state;
        if (prev) {
          expect({
            value: String(step.state.value),
            documentCheck: step.state.context.documentCheck,
          }).toEqual(expected(prev, event));
        }
        // In documentInvalid, the error of the answer that led there; elsewhere this check is moot.
        const invalid = step.state.matches('documentInvalid');
        expect(invalid ? step.state.context.error?.code : 'not invalid').toBe(
          invalid ? INVALID_CODE[event.kind as keyof typeof INVALID_CODE] : 'not invalid',
        );
        expect(view(actor.getSnapshot())).toEqual(view(step.state));
        expect(JSON.stringify(actor.getSnapshot())).not.toContain('"pw"');
      }
    } finally {
      actor.stop();
    }
    for (const request of pending) expect(request.answered !== request.signal.aborted).toBe(true);
  });
});

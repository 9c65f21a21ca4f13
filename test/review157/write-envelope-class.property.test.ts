// Review 157, the class of its consent defects: a write answered 2xx in a form that says it failed
// (a failure marker in any of the forms an API writes it, at the top, under `data` one or two deep,
// inside an array, beside harmless fields), or echoing a boolean asked with the other value, is
// `invalid_response` (`not_confirmed`), sent once. The control: the same envelopes saying it
// succeeded, the boolean echoed as asked, resolve.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfetchAdapter, createUserModule, type UserModule } from '../../src/index';
import { type Hostile, hostile, json, outcome, TOKEN } from '../review146/hostile';

let srv: Hostile;
beforeAll(async () => {
  srv = await hostile();
});
afterAll(() => srv.close());

const user = (): UserModule =>
  createUserModule(createOfetchAdapter({ baseURL: srv.url, getAccessToken: () => TOKEN, retry: 0 }));

// Each write, with the boolean it asks (none: null).
const WRITES: [string, (u: UserModule) => Promise<unknown>, [string, boolean] | null][] = [
  ['updateMarketing opt-out', (u) => u.updateMarketing({ mkt_accepted: false }), ['mkt_accepted', false]],
  ['updateMarketing opt-in', (u) => u.updateMarketing({ mkt_accepted: true }), ['mkt_accepted', true]],
  ['updateContracts lgpd', (u) => u.updateContracts('lgpd'), null],
  ['toggleTwoFactor on', (u) => u.toggleTwoFactor({ type: 'sms', enabled: true }), ['enabled', true]],
  ['setTimeoutLimits pause', (u) => u.setTimeoutLimits({ user_pause: 7, reason: 1 }), null],
];

const FAILED: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc
    .constantFrom(false, 'false', 'failed', 'FAIL', 'error', 'rejected', 'denied', 'invalid', 'refused')
    .map((status) => ({ status })),
  fc.integer({ min: 400, max: 599 }).chain((n) => fc.constantFrom({ status: n }, { status: `${n}` })),
  fc.constantFrom({ success: false }, { success: 'false' }, { success: 0 }, { error: 'não salvo' }),
);
const FINE = fc.dictionary(fc.constantFrom('message', 'id', 'updated_at'), fc.constantFrom('ok', 1, null));
/** `inner` at the top, under `data` once or twice, or as an array's item. */
const wrapped = (inner: fc.Arbitrary<Record<string, unknown>>) =>
  fc
    .tuple(inner, FINE, fc.constantFrom('top', 'data', 'data2', 'array', 'dataArray'))
    .map(([o, extra, where]) => {
      const v = { ...extra, ...o };
      return where === 'top'
        ? v
        : where === 'data'
          ? { data: v }
          : where === 'data2'
            ? { data: { data: v } }
            : where === 'array'
              ? [{ id: 1 }, v]
              : { data: [v] };
    });

/** `body` with `key: value` where its content is (an array's last item, the innermost `data`). */
function withField(body: unknown, key: string, value: boolean): unknown {
  if (Array.isArray(body)) return [...body.slice(0, -1), withField(body.at(-1), key, value)];
  const o = body as Record<string, unknown>;
  return typeof o.data === 'object' && o.data
    ? { ...o, data: withField(o.data, key, value) }
    : { ...o, [key]: value };
}

async function answered(i: number, body: unknown) {
  const [, write] = WRITES[i]!;
  srv.on((_q, res) => json(res, 200, JSON.stringify(body)));
  const before = srv.seen.length;
  const got = await outcome(write(user()));
  return { got, sent: srv.seen.length - before };
}

describe('review 157: a write whose 2xx answer says, in any form, that it failed', () => {
  it('is invalid_response, sent once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(WRITES.length - 1), wrapped(FAILED), async (i, body) => {
        expect(await answered(i, body)).toEqual({ got: 'invalid_response', sent: 1 });
      }),
      { numRuns: 120 },
    );
  });

  it('a boolean asked, echoed with the other value, is invalid_response', async () => {
    const asking = WRITES.map((w, i) => [w[2], i] as const).filter(([b]) => b !== null);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...asking), wrapped(fc.constant({})), async ([b, i], body) => {
        const [key, value] = b!;
        const echoed = withField(body, key, !value);
        expect(await answered(i, echoed)).toEqual({ got: 'invalid_response', sent: 1 });
      }),
      { numRuns: 60 },
    );
  });

  it('control: the same envelopes saying it succeeded, a boolean echoed as asked, resolve', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(WRITES.length - 1),
        wrapped(fc.constantFrom({ success: true }, { status: 'success' }, { status: 200 }, {})),
        async (i, body) => {
          const b = WRITES[i]![2];
          const echoed = b ? withField(body, b[0], b[1]) : body;
          expect(await answered(i, echoed)).toEqual({ got: 'resolved', sent: 1 });
        },
      ),
      { numRuns: 80 },
    );
  });
});

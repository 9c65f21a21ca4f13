// REVIEW-O O-15 / REVIEW-P L2: with `forwardClient`, `handle(request, { clientAddress })` passed any
// value on as `X-Forwarded-For`: a list (`evil, 10.0.0.1`), a word, an object's `toString`; one
// with CR/LF made the call fail as `502 "The service could not be reached."`. Now only one IP
// address (v4 dotted quad or v6, no zone) is forwarded; anything else is not (no
// `X-Forwarded-For`), and the call goes on. Over real sockets: the reference server records the
// headers it received.

import { isIP } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PamFixture, type TestClock, usePamPerTest } from './harness';

const clock: TestClock = { now: Date.parse('2026-11-28T12:00:00Z') };
const { ref, pam } = usePamPerTest(clock);

/** A login through `fx` with `clientAddress`: its status, and the X-Forwarded-For the API got. */
async function loginFrom(fx: PamFixture, clientAddress: unknown) {
  ref.server.requests.length = 0;
  const { plain } = ref.server.seed;
  const answer = (await fx.pam.handle(
    new Request('http://app.example/pam/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-pam-client': '1' },
      body: JSON.stringify({ login: plain.email, password: plain.password }),
    }),
    { clientAddress } as { clientAddress: string },
  ))!;
  await answer.text();
  const sent = ref.server.requests.find((r) => r.path === '/auth/login');
  return { status: answer.status, forwarded: sent?.headers['x-forwarded-for'] };
}

/** One IP address as the proxy forwards it: Node's own reading, without an IPv6 zone. */
const isOneAddress = (v: string) => isIP(v) !== 0 && !v.includes('%');

describe('clientAddress: forwarded only when it is one IP address', () => {
  it.each([
    ['a list', 'evil, 10.0.0.1'],
    ['a word', 'evil'],
    ['CR/LF', '1.2.3.4\r\nX-Evil: 1'],
    ['a trailing dot', '1.2.3.4.'],
    ['a legacy form', '0x7f.1'],
    ['an IPv6 zone', 'fe80::1%eth0'],
    ['a bracket', '::1]@evil.example'],
    ['an object', { toString: (): string => '1.2.3.4' }],
    ['empty', ''],
  ])('%s: not forwarded, the login answered (never a 502)', async (_, address) => {
    const fx = await pam({ forwardClient: true });
    expect(await loginFrom(fx, address)).toEqual({ status: 200, forwarded: undefined });
  });

  it.each(['203.0.113.7', '2001:db8::1', '::ffff:192.0.2.1'])('%s: forwarded as given', async (address) => {
    const fx = await pam({ forwardClient: true });
    expect(await loginFrom(fx, address)).toEqual({ status: 200, forwarded: address });
  });

  it('property: an address is forwarded iff it is one IP address; the login never fails for it', async () => {
    const fx = await pam({ forwardClient: true });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.ipV4(),
          fc.ipV6(),
          fc.ipV4Extended(),
          fc.string({ maxLength: 40 }),
          fc.tuple(fc.ipV4(), fc.constantFrom(', ', ' ', '\n', ',')).map(([a, s]) => `${a}${s}${a}`),
        ),
        async (address) => {
          const got = await loginFrom(fx, address);
          expect(got).toEqual({ status: 200, forwarded: isOneAddress(address) ? address : undefined });
        },
      ),
      { numRuns: 80 },
    );
  });
});

// REVIEW-L 7 and 9 (eleventh pass). 7: an API answer nested deeper than the proxy walks (64
// levels) had every value below that depth replaced by null and went out as a 200: the browser got
// data the API never sent. Such an answer is no answer of this service; it gets the fixed 502 of a
// body that cannot be passed on, with nothing of it. 9: an id above 2^53 - 1 (which the browser
// client itself refuses) was forwarded to the API as given.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type HostileAPI, json, loginOk, pamFor, request, signIn, useHostile } from './hostile';

const hostile = useHostile();

/** A hostile API that answers the login, then `body.value` (raw JSON text) to everything. */
async function api(body: { value: string }): Promise<HostileAPI> {
  const a = await hostile.api();
  a.handler = (req, res) => {
    if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
    json(res, 200, body.value);
  };
  return a;
}

const nested = (depth: number, leaf: string, kind: 'array' | 'object') =>
  kind === 'array'
    ? `${'['.repeat(depth)}${leaf}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}${leaf}${'}'.repeat(depth)}`;

describe('the proxy never passes on an answer it changed to walk it', () => {
  const ask = async (
    depth: number,
    kind: 'array' | 'object',
    body: { value: string },
    pam: ReturnType<typeof pamFor>,
    cookie: string,
  ) => {
    body.value = nested(depth, '"kept-value"', kind);
    const answer = (await pam.handle(request('/pam/bff/users/account-social', { cookie })))!;
    return { status: answer.status, text: await answer.text() };
  };
  const KIND = fc.constantFrom<'array' | 'object'>('array', 'object');

  it('property: nested up to 64 levels, it is passed on whole', async () => {
    const body = { value: '' };
    const pam = pamFor(await api(body));
    const cookie = await signIn(pam);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 64 }), KIND, async (depth, kind) => {
        const { status, text } = await ask(depth, kind, body, pam, cookie);
        expect([depth, status]).toEqual([depth, 200]);
        expect(JSON.parse(text)).toEqual(JSON.parse(body.value));
      }),
      { numRuns: 30 },
    );
  });

  it('property: nested deeper, the fixed 502 with none of it', async () => {
    const body = { value: '' };
    const pam = pamFor(await api(body));
    const cookie = await signIn(pam);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 65, max: 300 }), KIND, async (depth, kind) => {
        const { status, text } = await ask(depth, kind, body, pam, cookie);
        expect([depth, status]).toEqual([depth, 502]);
        expect(JSON.parse(text).pam).toBe('invalid_response');
        expect(text).not.toContain('kept-value');
      }),
      { numRuns: 30 },
    );
  });
});

describe('an id the client refuses is not forwarded', () => {
  it.each([
    ['/pam/income-report/9007199254740992'],
    ['/pam/income-report/9007199254740993'],
    ['/pam/income-report/9999999999999999'],
    ['/pam/report-file?id=9007199254740993'],
  ])('%s: refused, nothing sent to the API', async (path) => {
    const a = await api({ value: '{}' });
    const pam = pamFor(a);
    const cookie = await signIn(pam);
    const before = a.requests.length;
    const answer = (await pam.handle(request(path, { cookie })))!;
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(a.requests.slice(before)).toEqual([]);
  });

  it('the largest safe id is still forwarded', async () => {
    const a = await api({ value: '{"id":9007199254740991}' });
    const pam = pamFor(a);
    const cookie = await signIn(pam);
    const before = a.requests.length;
    const answer = (await pam.handle(request('/pam/income-report/9007199254740991', { cookie })))!;
    expect(answer.status).toBe(200);
    expect(a.requests.slice(before).map((r) => r.url)).toEqual(['/income-report/9007199254740991']);
  });
});

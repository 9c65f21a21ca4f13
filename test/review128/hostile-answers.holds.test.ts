// Review 128: answers whose labels or framing lie. Each gives a value read from the bytes or a
// typed error; never a crash, never a partial value.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createOfetchAdapter, createUserModule, isPamError } from '../../src/index';
import { rejectionOf, useRecorder } from './recorder';

const box = useRecorder();
const user = () => createUserModule(createOfetchAdapter({ baseURL: box.rec.url, retry: 0 }));
const YEARS = Buffer.from('{"years":[2023,2024]}');
/** A whole HTTP/1.1 answer written on the socket (then closed). */
const raw = (status: string, headers: string[], body: Buffer) => ({
  raw: Buffer.concat([
    Buffer.from(`HTTP/1.1 ${status}\r\n${[...headers, 'Connection: close'].join('\r\n')}\r\n\r\n`),
    body,
  ]),
});

describe('labels that lie', () => {
  it('an HTML page labelled JSON is invalid_response (invalid_json)', async () => {
    box.rec.answer = () => ({ status: 200, body: '<!doctype html><p>maintenance</p>' });
    const e = await rejectionOf(user().getAvailableYears());
    expect([e.code, e.issues]).toEqual([
      'invalid_response',
      [expect.objectContaining({ code: 'invalid_json' })],
    ]);
  });

  it('JSON labelled text/html is read by its bytes (the label is not checked)', async () => {
    box.rec.answer = () => ({ status: 200, headers: { 'content-type': 'text/html' }, body: YEARS });
    expect(await user().getAvailableYears()).toEqual({ years: [2023, 2024] });
  });

  it('UTF-8 JSON with a BOM is read', async () => {
    box.rec.answer = () => ({ status: 200, body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), YEARS]) });
    expect(await user().getAvailableYears()).toEqual({ years: [2023, 2024] });
  });
});

describe('empty and bodiless', () => {
  it('a 200 with an empty body: a read is invalid_response; a write with no answer shown resolves', async () => {
    box.rec.answer = () => ({ status: 200, body: '' });
    expect((await rejectionOf(user().getAvailableYears())).code).toBe('invalid_response');
    await expect(user().updateMarketing({ mkt_accepted: false })).resolves.toBeUndefined();
  });

  it('a 204 that carries a body: the body is not an answer (`{"success":false}` ignored), a read is invalid', async () => {
    box.rec.answer = () =>
      raw(
        '204 No Content',
        ['Content-Type: application/json', 'Content-Length: 17'],
        Buffer.from('{"success":false}'),
      );
    await expect(user().updateMarketing({ mkt_accepted: false })).resolves.toBeUndefined();
    expect((await rejectionOf(user().getAvailableYears())).code).toBe('invalid_response');
  });
});

describe('gzip with a wrong length', () => {
  const gz = gzipSync(YEARS);
  const head = (length: number) => [
    'Content-Type: application/json',
    'Content-Encoding: gzip',
    `Content-Length: ${length}`,
  ];

  it('a length longer than the body: network error, typed', async () => {
    box.rec.answer = () => raw('200 OK', head(gz.length + 40), gz);
    const e = await rejectionOf(user().getAvailableYears());
    expect([isPamError(e), e.code]).toEqual([true, 'network']);
  });

  it('cut in the middle of the compressed data: never a value', async () => {
    const cut = gz.subarray(0, Math.floor(gz.length / 2));
    box.rec.answer = () => raw('200 OK', head(cut.length), cut);
    const e = await rejectionOf(user().getAvailableYears());
    expect(isPamError(e)).toBe(true);
  });

  it('a body labelled gzip that is not: typed error', async () => {
    box.rec.answer = () => raw('200 OK', head(YEARS.length), YEARS);
    expect(isPamError(await rejectionOf(user().getAvailableYears()))).toBe(true);
  });
});

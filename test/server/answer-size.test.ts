// Answers of the API are read up to a bound (review5 D7, server part): a JSON answer larger than
// `maxAnswerBytes` (default 1 MiB) ends in a typed 502 (`pam: 'invalid_response'`) and the
// proxy stops reading it (the stream is cancelled, the API sees the connection close); a report
// file larger than `maxFileBytes` is cut off. An endless answer never grows the server's memory.

import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { until } from '../support/event-loop';
import { json, loginOk, pamFor, request, signIn, useHostile } from './hostile';

const hostile = useHostile();
const MiB = 1_048_576;

/**
 * Writes `{"street":"xxx…"}` of `total` bytes as the socket takes it (no Content-Length); `state`
 * tells how far it got and whether the reader went away first.
 */
function streamJson(res: ServerResponse, total: number, state: { written: number; cut: boolean }) {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.on('close', () => {
    if (!res.writableFinished) state.cut = true;
  });
  const chunk = Buffer.alloc(64 * 1024, 'x');
  res.write('{"street":"');
  state.written = 11;
  const pump = () => {
    while (state.written + chunk.length + 2 < total) {
      if (res.destroyed) return;
      state.written += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    res.end('"}');
  };
  pump();
}

/** A hostile API that signs in and answers every other read with 64 MiB of JSON, told in `state`. */
async function endlessApi() {
  const api = await hostile.api();
  const state = { written: 0, cut: false };
  api.handler = (req, res) => {
    if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
    return streamJson(res, 64 * MiB, state);
  };
  return { api, state };
}

/**
 * A hostile API that signs in, answers report 7 with `report` and its `download_url` (at the API's
 * `/files/r.pdf`), and writes every other answer with `file`.
 */
async function reportApi(report: Record<string, unknown>, file: (res: ServerResponse) => void) {
  const api = await hostile.api();
  api.handler = (req, res) => {
    const path = req.url ?? '';
    if (path.startsWith('/auth/login')) return json(res, 200, loginOk());
    if (path === '/income-report/7')
      return json(res, 200, { ...report, download_url: `${api.url}/files/r.pdf` });
    return file(res);
  };
  return api;
}

describe('bounded reads of the API (D7)', () => {
  it('a JSON answer beyond maxAnswerBytes: a typed 502, and the proxy stops reading', async () => {
    const { api, state } = await endlessApi();
    const pam = pamFor(api);
    const cookie = await signIn(pam);
    const answer = (await pam.handle(request('/pam/bff/users/address-by-user', { cookie })))!;
    expect(answer.status).toBe(502);
    expect(await answer.json()).toMatchObject({ pam: 'invalid_response' });
    await until(() => state.cut, 'the API saw the proxy go away');
    expect(state.written).toBeLessThan(16 * MiB);
  });

  it('a declared Content-Length beyond the bound is refused before reading; the option sets the bound', async () => {
    const api = await hostile.api();
    let size = 300_000;
    api.handler = (req, res) => {
      if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
      const body = JSON.stringify({ street: 'x'.repeat(size) });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
      res.end(body);
    };
    const pam = pamFor(api, { maxAnswerBytes: 200_000 });
    const cookie = await signIn(pam);
    const big = (await pam.handle(request('/pam/bff/users/address-by-user', { cookie })))!;
    expect(big.status).toBe(502);
    expect(await big.json()).toMatchObject({ pam: 'invalid_response' });
    size = 100_000;
    const small = (await pam.handle(request('/pam/bff/users/address-by-user', { cookie })))!;
    expect(small.status).toBe(200);
    expect(((await small.json()) as { street: string }).street).toHaveLength(100_000);
  });

  it('the seed of an endless profile answer is unavailable, never a grown heap', async () => {
    const { api, state } = await endlessApi();
    const pam = pamFor(api);
    const cookie = await signIn(pam);
    const view = await pam.getSession(new Request('https://app.example/', { headers: { cookie } }));
    expect(view.initial.status).toBe('unavailable');
    await until(() => state.cut, 'the API saw the proxy go away');
    expect(state.written).toBeLessThan(16 * MiB);
  });

  it('a report file beyond maxFileBytes is cut off (the download errors), and no longer read', async () => {
    const state = { written: 0, cut: false };
    const api = await reportApi(
      { id: 7, reference_year: 2025, status: 3, delivery_type: 'download' },
      (res) => {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        res.on('close', () => {
          if (!res.writableFinished) state.cut = true;
        });
        const chunk = Buffer.alloc(64 * 1024, 'p');
        const pump = () => {
          while (state.written < 24 * MiB) {
            if (res.destroyed) return;
            state.written += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        pump();
      },
    );
    const pam = pamFor(api, { maxFileBytes: 2 * MiB });
    const cookie = await signIn(pam);
    const answer = (await pam.handle(request('/pam/report-file?id=7', { cookie })))!;
    expect(answer.status).toBe(200);
    await expect(answer.arrayBuffer()).rejects.toThrow();
    await until(() => state.cut, 'the API saw the proxy go away');
    expect(state.written).toBeLessThan(16 * MiB);
  });

  it('a report file that declares a Content-Length beyond maxFileBytes is refused: 502', async () => {
    const api = await reportApi({ id: 7, reference_year: 2025, status: 3 }, (res) => {
      const body = Buffer.alloc(300_000, 'p');
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(body.length) });
      res.end(body);
    });
    const pam = pamFor(api, { maxFileBytes: 200_000 });
    const cookie = await signIn(pam);
    const answer = (await pam.handle(request('/pam/report-file?id=7', { cookie })))!;
    expect(answer.status).toBe(502);
    await answer.text();
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOfetchAdapter, downloadIncomeReport, isPamError } from '../../src/index';
import { type EchoAnswer, type EchoServer, startEchoServer } from './echo-server';
import { rejectionOf } from './helpers';

// Issue 26.3, the adapter's part of one clock: only an answer under baseURL (its origin AND its
// path) tells the API's time. A download, another origin, or a redirect that left baseURL never
// does; an answer under baseURL without a readable `Date` calls `onNoServerDate`.

let api: EchoServer;
let storage: EchoServer;
beforeAll(async () => {
  [api, storage] = await Promise.all([startEchoServer(), startEchoServer()]);
});
afterAll(() => Promise.all([api?.close(), storage?.close()]));
beforeEach(() => {
  api.requests.length = 0;
  storage.requests.length = 0;
});

const API_DATE = 'Wed, 21 Oct 2015 07:28:00 GMT';
const FAR = 'Fri, 01 Jan 2100 00:00:00 GMT';
const pdf = (date: string): EchoAnswer => ({
  status: 200,
  headers: { 'content-type': 'application/pdf', date },
  body: '%PDF-1.4 x',
});

function recording(base = `${api.url}/api`) {
  const dates: number[] = [];
  let missing = 0;
  const http = createOfetchAdapter({
    baseURL: base,
    retry: 0,
    onServerDate: (serverMs) => {
      dates.push(serverMs);
    },
    onNoServerDate: () => {
      missing += 1;
    },
  });
  return { dates, missing: () => missing, http };
}

describe('onServerDate hears only answers under baseURL', () => {
  it('never the Date of a download from another origin (a bucket dated 2100)', async () => {
    storage.answer = () => pdf(FAR);
    const { dates, missing, http } = recording();
    await downloadIncomeReport(http, { download_url: `${storage.url}/bucket/r.pdf` });
    expect(storage.requests).toHaveLength(1);
    expect(dates).toEqual([]);
    expect(missing()).toBe(0);
  });

  it('never the Date of an absolute-URL download, even on the API origin', async () => {
    api.answer = () => pdf(FAR);
    const { dates, http } = recording();
    await downloadIncomeReport(http, { download_url: `${api.url}/api/income-report/1/file` });
    expect(api.requests).toHaveLength(1);
    expect(dates).toEqual([]);
  });

  it('never the Date of a download by a path under baseURL: a file is not the API', async () => {
    api.answer = () => pdf(FAR);
    const { dates, missing, http } = recording();
    await downloadIncomeReport(http, { download_url: '/income-report/1/file' });
    expect(api.requests.map((r) => r.url)).toEqual(['/api/income-report/1/file']);
    expect(dates).toEqual([]);
    expect(missing()).toBe(0);
  });

  it('never a redirect hop that left baseURL, nor the answer it led to', async () => {
    // (Not followed since review 108: the 302 is the API's own answer, an HttpError, its time told.)
    api.answer = (r): EchoAnswer =>
      r.url === '/api/from'
        ? { status: 302, headers: { location: '/elsewhere', date: API_DATE } }
        : { status: 200, headers: { date: FAR }, body: { ok: true } };
    const { dates, missing, http } = recording();
    expect(await rejectionOf(http.get('/from'))).toMatchObject({ code: 'http', status: 302 });
    expect(api.requests.map((r) => r.url)).toEqual(['/api/from']);
    expect(dates).toEqual([Date.parse(API_DATE)]);
    expect(missing()).toBe(0);
  });

  it('a redirect that stays under baseURL: the final answer, once', async () => {
    api.answer = (r): EchoAnswer =>
      r.url === '/api/from'
        ? { status: 302, headers: { location: '/api/to', date: FAR } }
        : { status: 200, headers: { date: API_DATE }, body: { ok: true } };
    const { dates, http } = recording();
    await http.get('/from');
    expect(dates).toEqual([Date.parse(API_DATE)]);
  });

  it('a redirect from under the base path to beside it, on the same origin, tells nothing', async () => {
    api.answer = () => ({ status: 200, headers: { date: FAR }, body: { ok: true } });
    const { dates, http } = recording(`${api.url}/api/v2`);
    await http.get('/x');
    expect(dates).toEqual([FAR].map(Date.parse));
    const other = recording(`${api.url}/api/v2`);
    api.answer = (r): EchoAnswer =>
      r.url === '/api/v2/x'
        ? { status: 301, headers: { location: '/api/v1/x', date: API_DATE } }
        : { status: 200, headers: { date: FAR }, body: { ok: true } };
    // (Not followed since review 108: the 301 is the answer, under baseURL, its time told.)
    expect(await rejectionOf(other.http.get('/x'))).toMatchObject({ code: 'http', status: 301 });
    expect(other.dates).toEqual([Date.parse(API_DATE)]);
  });

  it('an error answer under baseURL still tells the time', async () => {
    api.answer = () => ({ status: 503, headers: { date: API_DATE }, body: { message: 'down' } });
    const { dates, http } = recording();
    expect(isPamError(await rejectionOf(http.get('/x')))).toBe(true);
    expect(dates).toEqual([Date.parse(API_DATE)]);
  });
});

describe('onNoServerDate', () => {
  it('is called for an answer under baseURL with no Date (a CORS that hides it)', async () => {
    api.answer = () => ({ status: 200, sendDate: false, body: { ok: true } });
    const { dates, missing, http } = recording();
    await http.get('/x');
    expect(dates).toEqual([]);
    expect(missing()).toBe(1);
  });

  it('is called for a Date that is not an HTTP date, and for an error answer', async () => {
    api.answer = () => ({ status: 500, headers: { date: 'soon' }, body: {} });
    const { missing, http } = recording();
    await rejectionOf(http.get('/x'));
    expect(missing()).toBe(1);
  });

  it('is never called for a download elsewhere without Date', async () => {
    storage.answer = () => ({ ...pdf(''), sendDate: false, headers: { 'content-type': 'application/pdf' } });
    const { missing, http } = recording();
    await downloadIncomeReport(http, { download_url: `${storage.url}/r.pdf` });
    expect(missing()).toBe(0);
  });

  it('a callback that throws never reaches the request; one that is not a function is refused', async () => {
    api.answer = () => ({ status: 200, sendDate: false, body: { ok: true } });
    const http = createOfetchAdapter({
      baseURL: api.url,
      retry: 0,
      onNoServerDate: () => {
        throw new Error('boom');
      },
    });
    expect(await http.get('/x')).toEqual({ ok: true });
    let error: unknown;
    try {
      createOfetchAdapter({ baseURL: api.url, onNoServerDate: 1 as unknown as () => void });
    } catch (e) {
      error = e;
    }
    expect(isPamError(error) && error.code).toBe('configuration');
  });
});

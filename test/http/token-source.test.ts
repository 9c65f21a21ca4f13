import { describe, expect, it, vi } from 'vitest';
import { createOfetchAdapter, isPamError, type PamError } from '../../src/index';
import { CANARY } from '../support/canary';
import { useReferenceServer } from '../support/server';

const ctx = useReferenceServer();

describe('where the adapter takes the token from', () => {
  it('turns a failing getAccessToken into a typed error that quotes nothing of it, and sends nothing', async () => {
    const http = createOfetchAdapter({
      baseURL: ctx.server.url,
      getAccessToken: () => Promise.reject(new Error(`IndexedDB closed: token=${CANARY.token}`)),
    });
    const error = (await http.get('/income-report/available-years').catch((e) => e)) as PamError;
    expect(isPamError(error)).toBe(true);
    expect([error.code, error.name]).toEqual(['storage', 'StorageError']); // was 'network' (issue 10 item 5)
    expect(error.message).toBe('GET /income-report/available-years could not read the access token');
    expect(
      JSON.stringify(error) + String(error.stack) + String((error.cause as Error | undefined)?.message),
    ).not.toContain(CANARY.token);
    expect(ctx.server.requests).toHaveLength(0);
  });

  it('sends a per-request accessToken instead of asking getAccessToken', async () => {
    const getAccessToken = vi.fn(() => 'from-store');
    const http = createOfetchAdapter({ baseURL: ctx.server.url, getAccessToken });
    const token = ctx.server.issueToken(ctx.server.seed.plain.id);
    await http.post('/auth/logout', undefined, { accessToken: token, skipAuthRefresh: true });
    expect(ctx.server.requests[0]?.headers.authorization).toBe(`Bearer ${token}`);
    expect(getAccessToken).not.toHaveBeenCalled();
  });

  it('never sends a per-request accessToken to another origin', async () => {
    const http = createOfetchAdapter({ baseURL: 'http://127.0.0.1:1' });
    await http
      .get(`${ctx.server.url}/income-report/available-years`, {
        accessToken: CANARY.token,
        responseType: 'blob',
      })
      .catch(() => {});
    expect(ctx.server.requests[0]?.headers.authorization).toBeUndefined();
  });
});

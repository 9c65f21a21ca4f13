// Review 95, DEFECT: a 2xx answer is rewritten by a password an EARLIER call sent. The short
// secrets held for later errors (`errorsOnly`, src/http/held-secrets.ts) promise "never a 2xx
// answer", but their `text` is not gated: the adapter scrubs a download's headers with
// `scrub.text` (src/http/ofetch-adapter.ts, `exchange`, `file && data`), so a successful income
// report's file name loses the player's name when a wrong password typed in the last 10 minutes
// was that name. Before review 93's fix a short secret of another call touched no later answer.
import { describe, expect, it } from 'vitest';
import { useReferenceServer } from '../support/server';
import { client, failure } from './helpers';

const ctx = useReferenceServer();

describe('a 2xx download after a wrong password', () => {
  it('keeps its file name (Content-Disposition) as the server sent it', async () => {
    const c = client(ctx.server);
    await failure(c.auth.login({ login: ctx.server.seed.plain.email, password: 'MariaSilva' }));
    const disposition = 'attachment; filename="informe-MariaSilva-2025.pdf"';
    ctx.server.faults.add({
      path: '/files/report.pdf',
      status: 200,
      body: '%PDF-1.4 x',
      contentType: 'application/pdf',
      headers: { 'content-disposition': disposition },
      times: 1,
    });
    const answer = await c.http.get<{ headers: Headers }>('/files/report.pdf', { responseType: 'blob' });
    expect(answer.headers.get('content-disposition')).toBe(disposition);
  });
});

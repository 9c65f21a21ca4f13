// The demo server without a browser: static files, SPA fallback, mounts, and the /api proxy.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ReferenceServer, startReferenceServer } from 'pam-client/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Demo, startDemo } from '../../scripts/demo/serve.mjs';

/** A raw GET, so the path reaches the server exactly as written (fetch would normalize it). */
function rawGet(base: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { path }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('startDemo', () => {
  let dir: string;
  let reference: ReferenceServer;
  let demo: Demo;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pam-serve-'));
    await mkdir(join(dir, 'app/assets'), { recursive: true });
    await mkdir(join(dir, 'viz'), { recursive: true });
    await writeFile(join(dir, 'app/index.html'), '<p>the app</p>');
    await writeFile(join(dir, 'app/assets/main.js'), 'console.log(1)');
    await writeFile(join(dir, 'viz/index.html'), '<p>the visualizer</p>');
    await writeFile(join(dir, 'secret.txt'), 'outside');
    reference = await startReferenceServer({ reportStepMs: 50 });
    demo = await startDemo({
      apps: [
        { mountPath: '/', dir: join(dir, 'app') },
        { mountPath: '/visualizer/', dir: join(dir, 'viz') },
      ],
      apiTarget: reference.url,
    });
  });
  afterAll(async () => {
    await demo?.close();
    await reference?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('listens on 127.0.0.1 only', () => {
    expect(demo.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('serves the built files with their content types, and index.html for client routes', async () => {
    const index = await fetch(`${demo.url}/`);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await index.text()).toBe('<p>the app</p>');
    const script = await fetch(`${demo.url}/assets/main.js`);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toBe('console.log(1)');
    expect(await (await fetch(`${demo.url}/account/limits`)).text()).toBe('<p>the app</p>');
    expect((await fetch(`${demo.url}/assets/missing.js`)).status).toBe(404);
  });

  it('serves a second app under its mount path and redirects the bare path', async () => {
    expect(await (await fetch(`${demo.url}/visualizer/`)).text()).toBe('<p>the visualizer</p>');
    const bare = await fetch(`${demo.url}/visualizer`, { redirect: 'manual' });
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/visualizer/');
  });

  it('never serves a file outside the app folder', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt']) {
      const answer = await rawGet(demo.url, path);
      expect(answer.body).not.toContain('outside');
    }
  });

  it('proxies /api/* to the reference server: method, headers, body and query, prefix stripped', async () => {
    const { plain } = reference.seed;
    const login = await fetch(`${demo.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-demo-check': 'yes' },
      body: JSON.stringify({ login: plain.email, password: plain.password }),
    });
    expect(login.status).toBe(200);
    const { access_token: token, user } = (await login.json()) as {
      access_token: string;
      user: { email: string };
    };
    expect(user.email).toBe(plain.email);
    const received = reference.requests.at(-1)!;
    expect(received).toMatchObject({ method: 'POST', path: '/auth/login', body: { login: plain.email } });
    expect(received.headers['x-demo-check']).toBe('yes');

    const history = await fetch(`${demo.url}/api/bff/users/login-history?page=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(history.status).toBe(200);
    expect(reference.requests.at(-1)!.url).toBe('/bff/users/login-history?page=1');
  });

  it('passes error answers through unchanged', async () => {
    const answer = await fetch(`${demo.url}/api/income-report/available-years`);
    expect(answer.status).toBe(401);
    expect(reference.requests.at(-1)!.path).toBe('/income-report/available-years');
  });

  it('answers 502 when the reference server is gone', async () => {
    const orphan = await startDemo({ apps: [], apiTarget: 'http://127.0.0.1:9' });
    try {
      const answer = await fetch(`${orphan.url}/api/auth/login`, { method: 'POST', body: '{}' });
      expect(answer.status).toBe(502);
      expect(await answer.json()).toEqual({ message: 'The reference server did not answer.' });
    } finally {
      await orphan.close();
    }
  });
});

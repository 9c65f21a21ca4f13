// `npm start` end to end, without a browser: the script builds, serves and stops cleanly.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

function waitForOutput(child: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`No ${pattern} within ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (pattern.test(output)) {
        clearTimeout(timer);
        resolve(output);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`The demo exited with ${code}:\n${output}`)));
  });
}

describe('npm start (scripts/demo.mjs)', () => {
  let child: ChildProcess | undefined;
  let out: string | undefined;
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    if (out) await rm(out, { recursive: true, force: true });
  });

  it('builds the four examples, prints the URLs and the seed accounts, proxies /api, and stops on SIGTERM', async () => {
    out = await mkdtemp(join(tmpdir(), 'pam-demo-'));
    child = spawn(process.execPath, ['scripts/demo.mjs'], {
      env: { ...process.env, PORT: '0', PAM_DEMO_OUT: out },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = await waitForOutput(child, /Press Ctrl-C to stop\./, 90_000);
    // A newcomer's first command prints no error or warning block (issue 20 item 10): no Vite
    // "Failed to run dependency scan", no 500 kB chunk warning.
    expect(output).not.toMatch(/Failed to run dependency scan|Are they installed|\(!\)|larger than 500 kB/);
    expect(output).not.toMatch(/\berror\b|\bwarn(ing)?\b/i);
    const url = /App: +(http:\/\/127\.0\.0\.1:\d+)\//.exec(output)?.[1];
    expect(url).toBeDefined();
    for (const account of [
      'player@example.com',
      'twofactor@example.com',
      'cancelled@example.com',
      'paused@example.com',
      'spa@example.com',
      '123456',
      'Secret123!',
    ]) {
      expect(output).toContain(account);
    }

    const page = await fetch(`${url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<main id="app">');
    for (const name of ['vue', 'svelte', 'react']) {
      expect(output).toContain(`${url}/${name}/`);
      const app = await fetch(`${url}/${name}/`);
      expect(app.status).toBe(200);
      expect(await app.text()).toContain(`pam-client · ${name} example`);
    }
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'twofactor@example.com', password: 'Secret123!' }),
    });
    expect(await login.json()).toMatchObject({ type: 'two_factor_code' });

    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await expect(fetch(`${url}/`)).rejects.toThrow();
  }, 110_000);
});

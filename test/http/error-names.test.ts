import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

describe('error names', () => {
  it('survive minification, as they would in an app’s production bundle', async () => {
    const out = await build({
      entryPoints: [fileURLToPath(new URL('../../src/errors/index.ts', import.meta.url))],
      bundle: true,
      minify: true,
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    const url = `data:text/javascript;base64,${Buffer.from(out.outputFiles[0]!.contents).toString('base64')}`;
    const m = await import(/* @vite-ignore */ url);
    const init = { status: 401, method: 'GET', path: '/x' };
    const names = [
      new m.RequestValidationError('op', []).name,
      new m.ResponseValidationError('op', []).name,
      new m.HttpError({ ...init, status: 500 }).name,
      new m.UnauthorizedError(init).name,
      new m.NetworkError('GET', '/x').name,
      new m.TimeoutError('GET', '/x', 1).name,
      new m.AbortedError('GET', '/x').name,
      new m.ConfigurationError('x').name,
      new m.StorageError('x').name,
      new m.StepUpRequiredError({ ...init, status: 422 }, 'required').name,
    ];
    expect(names).toEqual([
      'RequestValidationError',
      'ResponseValidationError',
      'HttpError',
      'UnauthorizedError',
      'NetworkError',
      'TimeoutError',
      'AbortedError',
      'ConfigurationError',
      'StorageError',
      'StepUpRequiredError',
    ]);
    expect(new m.UnauthorizedError(init).toJSON().name).toBe('UnauthorizedError');
  });
});

// The packed tarball's `.d.ts`: a consumer file that uses API.md's names with their documented
// types type-checks under every moduleResolution the README promises (bundler, node16, node).
import { execSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { APP } from './tarball';

const dir = join(APP, 'rev119-tc');
const tsc = join(__dirname, '..', '..', 'node_modules', '.bin', 'tsc');

function check(module: string, moduleResolution: string): string {
  mkdirSync(dir, { recursive: true });
  copyFileSync(join(__dirname, 'consumer.fixture.txt'), join(dir, 'consumer.ts'));
  try {
    execSync(
      `${tsc} --noEmit --strict --esModuleInterop --target es2022 --lib es2022,dom --module ${module} --moduleResolution ${moduleResolution} consumer.ts`,
      { cwd: dir, stdio: 'pipe', timeout: 120_000 },
    );
    return '';
  } catch (e) {
    const err = e as { stdout?: Buffer };
    return String(err.stdout ?? e);
  }
}

describe('the tarball types a documented consumer', () => {
  test.each([
    ['esnext', 'bundler'],
    ['node16', 'node16'],
    ['commonjs', 'node10'],
  ])('module %s, moduleResolution %s: no type error', (module, resolution) => {
    expect(check(module, resolution)).toBe('');
  });
});

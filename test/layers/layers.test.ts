// The layer rules of .dependency-cruiser.cjs (`npm run check:layers`): each rule catches its
// violation in a small fixture tree, and the real tree has none.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('../..', import.meta.url));
const fixtures = fileURLToPath(new URL('./fixtures', import.meta.url));
const config = require('../../.dependency-cruiser.cjs') as {
  forbidden: unknown[];
  options: Record<string, unknown>;
};

async function cruiseTree(baseDir: string): Promise<ICruiseResult> {
  const { output } = await cruise(['src', 'machines'], {
    baseDir,
    validate: true,
    ruleSet: { forbidden: config.forbidden } as never,
    ...config.options,
    // The fixtures are plain relative imports; the real tree needs tsconfig's paths.
    ...(baseDir === root ? {} : { tsConfig: undefined }),
  });
  return output as ICruiseResult;
}

async function violations(baseDir: string): Promise<string[]> {
  const result = await cruiseTree(baseDir);
  // A package resolves where node_modules is (a symlinked one in a worktree): named from it.
  const to = (path: string) => path.replace(/^.*?node_modules\//, 'node_modules/');
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${to(v.to)}`).sort();
}

describe('layer rules (dependency-cruiser)', () => {
  it('catch every forbidden import in the fixture tree', async () => {
    expect(await violations(fixtures)).toEqual([
      'bindings-are-thin: src/bindings/view.ts -> src/auth/module.ts',
      'bindings-are-thin: src/bindings/view.ts -> src/http/send.ts',
      'bindings-are-thin: src/bindings/view.ts -> src/user/operation.ts',
      'core-imports-xstate-for-types-only: src/bindings/svelte.ts -> node_modules/xstate/dist/xstate.cjs.mjs',
      'core-never-imports-machines: src/core.ts -> machines/machine.ts',
      'core-never-imports-machines: src/testing/server.ts -> machines/machine.ts',
      'operation-engine-below-modules: src/operation/engine.ts -> src/auth/module.ts',
      'schemas-know-no-transport: src/schemas/shape.ts -> src/http/send.ts',
      'testing-server-never-imports-machines: src/testing/server.ts -> machines/machine.ts',
    ]);
  }, 60_000);

  it('hold in the real tree, with pam-client/* imports resolved to the sources', async () => {
    const result = await cruiseTree(root);
    expect(result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)).toEqual([]);
    // Bare imports count: `pam-client` is the core's source, not dist/ (or a rule could not see them).
    const crossTab = result.modules.find((m) => m.source === 'machines/cross-tab.ts');
    expect(crossTab?.dependencies.find((d) => d.module === 'pam-client')?.resolved).toBe('src/index.ts');
  }, 120_000);
});

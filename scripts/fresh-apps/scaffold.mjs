// The files a fresh Vite app has before any pam-client code: what `npm create vite` would write
// (package.json, index.html, tsconfig.json), written by hand so nothing prompts and nothing but
// the npm registry is reached. The app's own code comes from the README's snippets.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Dev dependencies of each fresh app: the versions this repository is tested with. */
export const DEV_DEPENDENCIES = {
  vue: [
    'vite@8.3.8',
    '@vitejs/plugin-vue@6.0.11',
    'vue@3.5.45',
    'vue-tsc@3.3.14',
    'typescript@5.9.3',
    'h3@2.0.8',
  ],
  svelte: [
    'vite@8.3.8',
    '@sveltejs/vite-plugin-svelte@7.3.1',
    'svelte@5.57.3',
    'svelte-check@4.7.8',
    'typescript@5.9.3',
    'h3@2.0.8',
  ],
};

const write = (root, path, text) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};

/**
 * @param {string} root the app's folder (created)
 * @param {'vue' | 'svelte'} kind
 */
export function scaffold(root, kind) {
  write(
    root,
    'package.json',
    `${JSON.stringify({ name: `fresh-${kind}-app`, private: true, version: '0.0.0', type: 'module' }, null, 2)}\n`,
  );
  write(
    root,
    'index.html',
    `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>fresh ${kind} app</title>
  </head>
  <body>
    <div id="app"></div>
    <script type="module" src="/src/main.ts"></script>
  </body>
</html>
`,
  );
  const compilerOptions = {
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'bundler',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    isolatedModules: true,
    verbatimModuleSyntax: true,
    types: ['vite/client'],
  };
  const include = kind === 'vue' ? ['src/**/*.ts', 'src/**/*.vue'] : ['src/**/*.ts', 'src/**/*.svelte'];
  write(root, 'tsconfig.json', `${JSON.stringify({ compilerOptions, include }, null, 2)}\n`);
}

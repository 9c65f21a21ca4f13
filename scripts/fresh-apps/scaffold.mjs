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
  react: [
    'vite@8.3.8',
    '@vitejs/plugin-react@6.3.0',
    'react@19.3.1',
    'react-dom@19.3.1',
    '@types/react@19.3.0',
    '@types/react-dom@19.3.0',
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
 * @param {'vue' | 'svelte' | 'react'} kind
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
    <script type="module" src="/src/main.${kind === 'react' ? 'tsx' : 'ts'}"></script>
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
    // The published types are checked too, as a strict user's project would (issue 20 item 2).
    skipLibCheck: false,
    isolatedModules: true,
    verbatimModuleSyntax: true,
    types: ['vite/client'],
    ...(kind === 'react' ? { jsx: 'react-jsx' } : {}),
  };
  const include = {
    vue: ['src/**/*.ts', 'src/**/*.vue'],
    svelte: ['src/**/*.ts', 'src/**/*.svelte'],
    react: ['src/**/*.ts', 'src/**/*.tsx'],
  }[kind];
  write(root, 'tsconfig.json', `${JSON.stringify({ compilerOptions, include }, null, 2)}\n`);
}

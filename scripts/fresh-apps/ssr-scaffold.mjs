// The files a fresh server-rendered app has before any pam-client code (what `npx sv create`,
// `npx nuxi init` or `npx create-next-app` would write, by hand: nothing prompts, nothing but the
// npm registry is reached).
// The app's own code comes from the tagged blocks of docs/apps/<framework>.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Dependencies of each fresh server-rendered app (the versions this was tried with). */
export const SSR_DEPENDENCIES = {
  sveltekit: [
    '@sveltejs/kit@2',
    '@sveltejs/adapter-node@5',
    '@sveltejs/vite-plugin-svelte@6',
    'svelte@5',
    'vite@7',
    'svelte-check@4',
    '@types/node@20',
    'typescript@5.9.3',
  ],
  // Nuxt pins h3 1; the app lists it itself, as Nuxt apps with server middleware do.
  nuxt: ['nuxt@~4.2.2', 'vue@^3.5.0', 'h3@^1.15.4'],
  // Next 16 runs on Node >= 20.9 (`npm view next@16 engines`).
  next: [
    'next@16',
    'react@19',
    'react-dom@19',
    'typescript@5.9.3',
    '@types/react@19',
    '@types/react-dom@19',
    '@types/node@20',
  ],
};

const write = (root, path, text) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};

/**
 * @param {string} root the app's folder (created)
 * @param {'sveltekit' | 'nuxt' | 'next'} kind
 */
export function scaffoldSSR(root, kind) {
  const pkg = { name: `fresh-${kind}-app`, private: true, version: '0.0.0', type: 'module' };
  write(root, 'package.json', `${JSON.stringify(pkg, null, 2)}\n`);
  if (kind === 'sveltekit') {
    write(
      root,
      'svelte.config.js',
      `import adapter from '@sveltejs/adapter-node';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

export default { preprocess: vitePreprocess(), kit: { adapter: adapter() } };
`,
    );
    write(
      root,
      'vite.config.ts',
      `import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vite';

export default defineConfig({ plugins: [sveltekit()] });
`,
    );
    write(
      root,
      'tsconfig.json',
      `${JSON.stringify(
        {
          extends: './.svelte-kit/tsconfig.json',
          compilerOptions: { strict: true, skipLibCheck: false, moduleResolution: 'bundler' },
        },
        null,
        2,
      )}\n`,
    );
    write(
      root,
      'src/app.html',
      `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    %sveltekit.head%
  </head>
  <body data-sveltekit-preload-data="off">
    <div style="display: contents">%sveltekit.body%</div>
  </body>
</html>
`,
    );
  } else if (kind === 'next') {
    // create-next-app's tsconfig. skipLibCheck stays true: Next 16's own declarations name
    // URLPattern, which TypeScript 5.9's libs lack (the library's declarations are checked with
    // skipLibCheck false by `npm run check:consumer-types`). `next build` type-checks the app.
    write(
      root,
      'tsconfig.json',
      `${JSON.stringify(
        {
          compilerOptions: {
            target: 'ES2017',
            lib: ['dom', 'dom.iterable', 'esnext'],
            allowJs: true,
            skipLibCheck: true,
            strict: true,
            noEmit: true,
            esModuleInterop: true,
            module: 'esnext',
            moduleResolution: 'bundler',
            resolveJsonModule: true,
            isolatedModules: true,
            jsx: 'react-jsx',
            incremental: true,
            plugins: [{ name: 'next' }],
            paths: { '@/*': ['./*'] },
          },
          include: ['next-env.d.ts', '**/*.ts', '**/*.tsx', '.next/types/**/*.ts', '.next/dev/types/**/*.ts'],
          exclude: ['node_modules'],
        },
        null,
        2,
      )}\n`,
    );
    // Turbopack's build cache is written for the next build; a fresh app has none (saves ~12 s).
    write(
      root,
      'next.config.ts',
      `import type { NextConfig } from 'next';

const nextConfig: NextConfig = { experimental: { turbopackFileSystemCacheForBuild: false } };

export default nextConfig;
`,
    );
  } else {
    write(
      root,
      'tsconfig.json',
      `${JSON.stringify({ files: [], references: [{ path: './.nuxt/tsconfig.app.json' }, { path: './.nuxt/tsconfig.server.json' }] }, null, 2)}\n`,
    );
  }
}

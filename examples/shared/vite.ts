// The Vite config every example shares: the published entry names aliased to the library's
// sources (so the examples need no `npm run build`), and a dev-server proxy for `/api`.

import { fileURLToPath } from 'node:url';
import type { Alias, PluginOption, UserConfig } from 'vite';

const fromRoot = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

/** 'pam-client', 'pam-client/machines', … -> the files the package's entries are built from. */
export function pamClientAliases(): Alias[] {
  const entries: Record<string, string> = {
    'pam-client': 'src/index.ts',
    'pam-client/machines': 'machines/index.ts',
    'pam-client/vue': 'src/bindings/vue.ts',
    'pam-client/svelte': 'src/bindings/svelte.ts',
    'pam-client/vanilla': 'src/bindings/vanilla.ts',
    'pam-client/react': 'src/bindings/react.ts',
    'pam-client/internal': 'src/internal.ts',
  };
  return Object.entries(entries).map(([name, path]) => ({
    find: new RegExp(`^${name.replace('/', '\\/')}$`),
    replacement: fromRoot(path),
  }));
}

/**
 * @param root the example's folder (`import.meta.dirname` of its config)
 * @param plugins the framework's plugin, if any
 */
export function exampleConfig(root: string, plugins: PluginOption[] = []): UserConfig {
  return {
    root,
    base: './',
    plugins,
    resolve: { alias: pamClientAliases() },
    // `npx vite examples/<name>` during development: run a reference server on PAM_API_URL.
    server: {
      host: '127.0.0.1',
      proxy: {
        '/api': {
          target: process.env.PAM_API_URL ?? 'http://127.0.0.1:4010',
          rewrite: (path) => path.replace(/^\/api/, ''),
        },
      },
    },
  };
}

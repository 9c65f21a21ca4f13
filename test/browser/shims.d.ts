// Lets tsc type-check the test files that import single-file components (svelte ships its own
// `*.svelte` declaration; vue does not).
declare module '*.vue' {
  import type { DefineComponent } from 'vue';

  const component: DefineComponent<Record<string, unknown>, Record<string, unknown>, unknown>;
  export default component;
}

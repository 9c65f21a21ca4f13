export declare const EXAMPLES: readonly ['vanilla', 'vue', 'svelte', 'react'];
export declare const VISUALIZER_CONFIG: string;
/** Builds `examples/<name>` into `outDir`, served at `base` (default '/'); resolves `outDir`. */
export declare function buildExample(
  name: (typeof EXAMPLES)[number],
  outDir: string,
  base?: string,
): Promise<string>;
/** Builds the visualizer into `outDir` if its config exists; resolves null otherwise. */
export declare function buildVisualizer(outDir: string): Promise<string | null>;

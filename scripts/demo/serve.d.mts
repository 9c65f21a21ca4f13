export interface DemoApp {
  /** Where the app is served, e.g. '/' or '/visualizer/'. */
  mountPath: string;
  /** The built app (a folder with an index.html). */
  dir: string;
}

export interface StartDemoOptions {
  apps: DemoApp[];
  /** Default 0: a free port. */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** The reference server's URL; `/api/*` is proxied there with the `/api` prefix stripped. */
  apiTarget: string;
}

export interface Demo {
  /** e.g. 'http://127.0.0.1:5173' (no trailing slash). */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Serves built apps as static files and proxies `/api/*` to the reference server. */
export declare function startDemo(options: StartDemoOptions): Promise<Demo>;

// `npm start`: builds the four examples (vanilla at `/`, Vue, Svelte and React beside it) and the
// visualizer (when it exists), starts the reference server and serves them all on 127.0.0.1, with
// `/api/*` proxied to the reference server.

import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { buildExample, buildVisualizer } from './demo/build.mjs';
import { startReference } from './demo/reference.mjs';
import { startDemo } from './demo/serve.mjs';

// Gitignored (under node_modules). PAM_DEMO_OUT lets a test build elsewhere.
const OUT = `${process.env.PAM_DEMO_OUT ?? fileURLToPath(new URL('../node_modules/.cache/pam-demo', import.meta.url))}/`;
const PORT = process.env.PORT ? Number(process.env.PORT) : 5173;
const REPORT_STEP_MS = 1500; // a report goes pending -> processing -> done in about 3 s
/** Served beside the vanilla app, at `/<name>/`. */
const OTHER_EXAMPLES = ['vue', 'svelte', 'react'];

async function main() {
  console.log('Building the demo: the vanilla, Vue, Svelte and React examples and the visualizer ...');
  await rm(OUT, { recursive: true, force: true });
  await mkdir(OUT, { recursive: true });
  const vanilla = await buildExample('vanilla', `${OUT}vanilla`);
  // One after the other: Vite builds share the process (and the machine may be small).
  const others = [];
  for (const name of OTHER_EXAMPLES) {
    try {
      others.push({ name, dir: await buildExample(name, `${OUT}${name}`, `/${name}/`) });
    } catch (error) {
      console.warn(
        `The ${name} example did not build, skipping it: ${error instanceof Error ? error.message : error}`,
      );
    }
  }
  let visualizer = null;
  try {
    visualizer = await buildVisualizer(`${OUT}visualizer`);
  } catch (error) {
    // The demo's main app still works without it.
    console.warn(
      `The visualizer did not build, skipping it: ${error instanceof Error ? error.message : error}`,
    );
  }

  const { server: reference, seed } = await startReference({ reportStepMs: REPORT_STEP_MS });
  const apps = [
    { mountPath: '/', dir: vanilla },
    ...others.map((o) => ({ mountPath: `/${o.name}/`, dir: o.dir })),
  ];
  if (visualizer) apps.push({ mountPath: '/visualizer/', dir: visualizer });
  // The review book (`npm run review`), when built: it and the visualizer link to each other.
  const book = fileURLToPath(new URL('../review-book/', import.meta.url));
  if (existsSync(`${book}index.html`)) apps.push({ mountPath: '/review-book/', dir: book });
  let demo;
  try {
    demo = await startDemo({ apps, port: PORT, apiTarget: reference.url });
  } catch (error) {
    await reference.close();
    if (error?.code === 'EADDRINUSE') {
      console.error(`Port ${PORT} is in use. Try: PORT=5174 npm start`);
      process.exit(1);
    }
    throw error;
  }

  const rows = [
    ['plain', seed.plain.email, seed.plain.cpf, 'logs in directly'],
    [
      'two-factor',
      seed.twoFactor.email,
      seed.twoFactor.cpf,
      `asks for a code: ${seed.twoFactor.twoFactorCode}`,
    ],
    ['cancelled', seed.cancelled.email, seed.cancelled.cpf, 'answers cancelled_account'],
    ['paused', seed.paused.email, seed.paused.cpf, 'a 7-day pause (restriction banner)'],
    ['self-excluded', seed.selfExcluded.email, seed.selfExcluded.cpf, 'self-excluded for 6 months'],
    ['SPA-barred', seed.spaBarred.email, seed.spaBarred.cpf, 'in the SPA register'],
    [
      'pending limit',
      seed.pendingLimit.email,
      seed.pendingLimit.cpf,
      'deposit limit 100 daily, raise to 500 pending',
    ],
    ['time limit', seed.timeLimit.email, seed.timeLimit.cpf, '1 minute of play a day (time alert)'],
  ];
  const width = (i) => Math.max(...rows.map((r) => r[i].length));
  const table = rows
    .map((r) => `  ${r.map((cell, i) => cell.padEnd(width(i))).join('  ')}`.trimEnd())
    .join('\n');
  console.log(`
pam-client demo
  App:         ${demo.url}/  (vanilla)
${others.map((o) => `  ${o.name.padEnd(12)} ${demo.url}/${o.name}/`).join('\n')}
  Visualizer:  ${visualizer ? `${demo.url}/visualizer/` : '(not built: visualizer/vite.config.ts is missing)'}
  Review book: ${existsSync(`${book}index.html`) ? `${demo.url}/review-book/` : '(not built: npm run review)'}
  API:         ${demo.url}/api  (the reference server, in memory)

Seed accounts (password for all: ${seed.plain.password}), log in with the e-mail or the CPF:
${table}

Income reports exist for 2021 to 2025; the report for 2024 always fails.
Registration: CPF 123.456.789-09 prefills João da Silva; 987.654.321-01 is refused.
Press Ctrl-C to stop.`);

  let stopping = false;
  const stop = async (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the demo ...`);
    await Promise.all([demo.close(), reference.close()]);
    process.exit(0);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { exampleConfig } from '../shared/vite.ts';

export default defineConfig({
  ...exampleConfig(import.meta.dirname, [react()]),
  // Built under a test runner (NODE_ENV=test) the bundle carries React's development files.
  build: { chunkSizeWarningLimit: 1200 },
});

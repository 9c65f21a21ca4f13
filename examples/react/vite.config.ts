import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { exampleConfig } from '../shared/vite.ts';

export default defineConfig(exampleConfig(import.meta.dirname, [react()]));

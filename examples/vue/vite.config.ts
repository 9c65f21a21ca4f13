import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';
import { exampleConfig } from '../shared/vite.ts';

export default defineConfig(exampleConfig(import.meta.dirname, [vue()]));

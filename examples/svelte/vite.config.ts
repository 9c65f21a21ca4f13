import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';
import { exampleConfig } from '../shared/vite.ts';

export default defineConfig(exampleConfig(import.meta.dirname, [svelte()]));

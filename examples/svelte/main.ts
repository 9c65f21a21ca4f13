// The Svelte example: the session and the report machine followed as stores (`pam-client/svelte`).
import '../shared/styles.css';
import { mount } from 'svelte';
import App from './App.svelte';

mount(App, { target: document.querySelector('#app')! });

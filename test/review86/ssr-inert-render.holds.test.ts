// REVIEW86 probe (holds): in Node (no window, document, localStorage; Node's own BroadcastChannel
// present), the client a browser app creates in a module (relative baseURL) renders through every
// binding as signed out, never free to bet, throws nothing, keeps no subscriber and arms no timer.
import { createPamClient } from 'pam-client/machines';
import { createElement as h } from 'react';
import { renderToString as renderReact } from 'react-dom/server';
import { get } from 'svelte/store';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSSRApp, defineComponent, h as vh } from 'vue';
import { renderToString as renderVue } from 'vue/server-renderer';
import { useSession as useReactSession } from '../../src/bindings/react';
import { sessionStore } from '../../src/bindings/svelte';
import { onSessionChange } from '../../src/bindings/vanilla';
import { useSession as useVueSession } from '../../src/bindings/vue';

afterEach(() => {
  vi.useRealTimers();
});

describe('the browser-only client rendered on a server', () => {
  it('renders signed out, never free to bet, through each binding', async () => {
    vi.useFakeTimers();
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    const client = createPamClient({ baseURL: '/api' });
    const timersAfterCreate = vi.getTimerCount();
    const Vue = defineComponent({
      setup() {
        const { status, restrictions } = useVueSession(client);
        return () => vh('p', `${status.value}:${String(restrictions.value?.canBet ?? false)}`);
      },
    });
    const React = () => {
      const { status, restrictions } = useReactSession(client);
      return h('p', null, `${status}:${String(restrictions?.canBet ?? false)}`);
    };
    for (let i = 0; i < 3; i++) {
      expect(await renderVue(createSSRApp(Vue))).toContain('signedOut:false');
      expect(renderReact(h(React))).toContain('signedOut:false');
    }
    const seen: string[] = [];
    const stop = onSessionChange(client, (v) => seen.push(v.status));
    expect(get(sessionStore(client)).status).toBe('signedOut');
    client.login({ login: 'a@example.com', password: 'x' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seen).toEqual(['signedOut']);
    expect(client.view.status).toBe('signedOut');
    expect(client.view.restrictions?.canBet ?? false).toBe(false);
    expect(timersAfterCreate).toBe(0);
    stop();
    client.stop();
  });
});

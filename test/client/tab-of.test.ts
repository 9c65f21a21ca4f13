// This tab as the other tabs know it (its id, the page's lifecycle) is the tabs flow's: resolved
// there (`tabOf`), so a client without the flow carries none of it (issue 33, sizes), and a client
// with it still sends every message under an id and releases its claim when the page goes away.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserEnvironment, tabOf } from '../../machines/environment';
import { createCustomPamClient, tabs } from '../../machines/index';

function fakeChannel() {
  const posted: unknown[] = [];
  return {
    posted,
    postMessage: (message: unknown) => posted.push(message),
    addEventListener: () => {},
    removeEventListener: () => {},
    close: () => {},
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('tabOf', () => {
  it('keeps the tab id and lifecycle an app gave', () => {
    const lifecycle = { onLeave: () => () => {} };
    const env = browserEnvironment({ tabId: 'tab-a', lifecycle });
    expect(tabOf(env)).toEqual({ tabId: 'tab-a', lifecycle });
  });

  it('draws an id when none was given; the environment alone has none', () => {
    const env = browserEnvironment({ random: () => 0.5 });
    expect(env.tabId).toBeUndefined();
    const { tabId } = tabOf(env);
    expect(typeof tabId).toBe('string');
    expect(tabId.length).toBeGreaterThan(0);
    expect(tabOf(env).tabId).not.toBe(tabId);
  });

  it("in a page, the page's pagehide and freeze mean leaving, until unsubscribed", () => {
    const listeners = new Map<string, () => void>();
    const target = (name: string) => ({
      addEventListener: (type: string, fn: () => void) => listeners.set(`${name}:${type}`, fn),
      removeEventListener: (type: string) => listeners.delete(`${name}:${type}`),
    });
    vi.stubGlobal('window', target('window'));
    vi.stubGlobal('document', target('document'));
    const left = vi.fn();
    const off = tabOf(browserEnvironment({ channel: null })).lifecycle.onLeave(left);
    expect([...listeners.keys()].sort()).toEqual(['document:freeze', 'window:pagehide']);
    listeners.get('window:pagehide')?.();
    listeners.get('document:freeze')?.();
    expect(left).toHaveBeenCalledTimes(2);
    off();
    expect(listeners.size).toBe(0);
  });

  it('outside a page, leaving never comes', () => {
    const left = vi.fn();
    const off = tabOf(browserEnvironment({ channel: null })).lifecycle.onLeave(left);
    off();
    expect(left).not.toHaveBeenCalled();
  });
});

describe('the tabs flow', () => {
  it('sends its messages under a tab id the environment did not give', () => {
    const channel = fakeChannel();
    const client = createCustomPamClient({
      baseURL: 'https://api.example.com',
      flows: [tabs()],
      environment: { channel },
    });
    client.stop();
    const from = (channel.posted as { from?: unknown }[]).map((m) => m.from);
    expect(from.length).toBeGreaterThan(0);
    for (const id of from) expect(typeof id === 'string' && id.length > 0).toBe(true);
  });

  it("sends under the app's tab id when given", () => {
    const channel = fakeChannel();
    const client = createCustomPamClient({
      baseURL: 'https://api.example.com',
      flows: [tabs()],
      environment: { channel, tabId: 'tab-b' },
    });
    client.stop();
    const from = (channel.posted as { from?: unknown }[]).map((m) => m.from);
    expect(from.length).toBeGreaterThan(0);
    expect(new Set(from)).toEqual(new Set(['tab-b']));
  });
});

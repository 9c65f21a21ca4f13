// A minimal Vue renderer for Node (no DOM): enough to mount, update and unmount components, so
// their lifecycle hooks run as in a browser.
import { createRenderer } from 'vue';

export type N = { tag: string; children: N[]; text?: string; parent: N | null };
const node = (tag: string, text?: string): N => ({ tag, text, children: [], parent: null });

export const { createApp } = createRenderer<N, N>({
  createElement: (tag) => node(tag),
  createText: (text) => node('#text', text),
  createComment: (text) => node('#comment', text),
  setText: (n, t) => {
    n.text = t;
  },
  setElementText: (n, t) => {
    n.children = [{ ...node('#text', t), parent: n }];
  },
  insert: (c, p, a) => {
    c.parent = p;
    const i = a ? p.children.indexOf(a) : -1;
    if (i < 0) p.children.push(c);
    else p.children.splice(i, 0, c);
  },
  remove: (c) => {
    if (c.parent) c.parent.children.splice(c.parent.children.indexOf(c), 1);
    c.parent = null;
  },
  parentNode: (n) => n.parent,
  nextSibling: (n) => (n.parent ? (n.parent.children[n.parent.children.indexOf(n) + 1] ?? null) : null),
  patchProp: () => {},
});

export const root = (): N => node('root');

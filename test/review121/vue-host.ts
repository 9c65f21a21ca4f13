// Vue components mounted in Node without a DOM: a renderer over plain objects (Vue's own
// `createRenderer`), enough for components whose render returns a comment or text.
import { type Component, createRenderer } from 'vue';

interface Node {
  text: string;
  children: Node[];
  parent: Node | null;
}
const node = (text = ''): Node => ({ text, children: [], parent: null });

const { createApp } = createRenderer<Node, Node>({
  createElement: () => node(),
  createText: (text) => node(text),
  createComment: (text) => node(text),
  setText: (n, text) => {
    n.text = text;
  },
  setElementText: (n, text) => {
    n.text = text;
  },
  insert: (child, parent, anchor) => {
    child.parent = parent;
    const at = anchor ? parent.children.indexOf(anchor) : -1;
    if (at < 0) parent.children.push(child);
    else parent.children.splice(at, 0, child);
  },
  remove: (child) => {
    const p = child.parent;
    if (p) p.children.splice(p.children.indexOf(child), 1);
    child.parent = null;
  },
  parentNode: (n) => n.parent,
  nextSibling: (n) => {
    const p = n.parent;
    return p ? (p.children[p.children.indexOf(n) + 1] ?? null) : null;
  },
  patchProp: () => {},
});

/** Mounts `component` (its setup and render), returns the unmount function. */
export function mountVue(component: Component): () => void {
  const app = createApp(component);
  app.mount(node());
  return () => app.unmount();
}

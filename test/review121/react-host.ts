// A React 19 root in Node without a DOM: components that render `null` need no DOM node, so
// react-dom/client runs on a container that only takes event listeners. The hooks' values are read
// through a callback the component calls at each render. `act` flushes renders and effects.
import { act, createElement, type FunctionComponent, StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { vi } from 'vitest';

const g = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

const fakeNode = (): Record<string, unknown> => {
  const doc: Record<string, unknown> = { addEventListener() {}, removeEventListener() {} };
  doc.ownerDocument = doc;
  return {
    nodeType: 1,
    nodeName: 'DIV',
    tagName: 'DIV',
    namespaceURI: 'http://www.w3.org/1999/xhtml',
    ownerDocument: doc,
    addEventListener() {},
    removeEventListener() {},
    childNodes: [],
    firstChild: null,
    removeChild() {},
    appendChild() {},
  };
};

export interface Mounted {
  root: Root;
  unmount(): Promise<void>;
}

/** Renders `component` (which must render null) in a root, under StrictMode when `strict`. */
export async function mount(component: FunctionComponent, strict = false): Promise<Mounted> {
  const previous = g.IS_REACT_ACT_ENVIRONMENT;
  g.IS_REACT_ACT_ENVIRONMENT = true;
  // (react-dom reads `window.event` for an update's priority; the stub is undone after each test.)
  // (With event listeners: a machine created in a component looks the page's signals up on `window`.)
  vi.stubGlobal('window', {
    HTMLIFrameElement: class {},
    document: { activeElement: null, body: null },
    addEventListener() {},
    removeEventListener() {},
  });
  const root = createRoot(fakeNode() as unknown as Element);
  const element = createElement(component);
  await act(async () => root.render(strict ? createElement(StrictMode, null, element) : element));
  return {
    root,
    async unmount() {
      await act(async () => root.unmount());
      g.IS_REACT_ACT_ENVIRONMENT = previous;
      if (previous === undefined) delete g.IS_REACT_ACT_ENVIRONMENT;
    },
  };
}

/** Runs `fn` (a store change) inside `act`, so the re-render it causes is flushed. */
export const inAct = (fn: () => void): Promise<void> => act(async () => fn());

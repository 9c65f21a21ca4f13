// A tiny element builder: text always goes in as text (never HTML), so nothing from the API
// can inject markup.

type Attrs = Record<string, string | boolean | number | undefined>;
type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === undefined) continue;
    el.setAttribute(name, value === true ? '' : String(value));
  }
  el.append(...children.filter((c): c is Node | string => c !== null && c !== undefined && c !== false));
  return el;
}

/** Replaces a list's items with one `<li>` per line. */
export function showLines(list: HTMLElement, lines: string[]): void {
  list.replaceChildren(...lines.map((line) => h('li', {}, line)));
}

/** A labelled field. */
export function field(text: string, control: HTMLElement): HTMLLabelElement {
  return h('label', {}, text, control);
}

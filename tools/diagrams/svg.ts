// A laid-out machine (layout.ts) as a standalone SVG document: the files in docs/machines, the
// review book's step diagrams (with the current state highlighted) and the live visualizer all
// use this one drawing. Pure string building: works in Node and in the browser.

import { ANY_STATE, type TransitionInfo } from './graph';
import { boxTitle, CHAR_WIDTH, FONT_SIZE, LINE_HEIGHT, type MachineLayout, type StateBox } from './layout';

export interface SvgOptions {
  /** State paths drawn as current (with their ancestors), and the arrows that leave them. */
  highlight?: readonly string[];
  /** One line per state path, shown as the box's tooltip (`<title>`). */
  descriptions?: Readonly<Record<string, string>>;
  /** Prefix of the `data-testid` of state boxes: `state-<id>-<path>`; default the machine id. */
  testIdPrefix?: string;
  /**
   * The step just taken: the arrows from the states active before (`from`) into the states active
   * after (`to`) are drawn as taken, and the arrows that leave the current state are not marked.
   */
  taken?: { from: readonly string[]; to: readonly string[] };
  /**
   * What a transition means in the reader's language (issue 31.6: the pt-BR book's diagrams speak
   * pt-BR): each arrow's tooltip, and its label's, says it in words instead of naming the source.
   */
  words?: (t: TransitionInfo, from: string | null) => string | null;
}

/** The paths and all their ancestors. */
function withAncestors(paths: readonly string[]): Set<string> {
  const all = new Set<string>();
  for (const path of paths) {
    const parts = path.split('.');
    for (let i = 1; i <= parts.length; i++) all.add(parts.slice(0, i).join('.'));
  }
  return all;
}

/** `text` escaped for XML text and attribute values. */
export const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const n = (v: number) => String(Math.round(v * 10) / 10);

/** The CSS inside every diagram; `.active` / `.live` mark the current state and its arrows. */
export const DIAGRAM_CSS = [
  'text{font-family:"DejaVu Sans Mono",Menlo,Consolas,monospace;font-size:12px;fill:#1d2433}',
  '.state rect.box{fill:#fff;stroke:#7d8799;stroke-width:1.2}',
  '.state.container>rect.box{fill:#f3f6fb;stroke:#9aa4b6;stroke-dasharray:5 3}',
  '.state rect.inner{fill:none;stroke:#7d8799}',
  '.state text.name{font-weight:bold}',
  '.state text.badges{font-size:10px;fill:#5b6478}',
  '.state.active>rect.box{fill:#fff1e6;stroke:#e8590c;stroke-width:2.5}',
  '.state.container.active>rect.box{fill:#fff8f2;stroke-dasharray:none}',
  '.state.parallel>rect.box{fill:#eef3fb;stroke:#6b5fb5;stroke-dasharray:none;stroke-width:1.5}',
  '.state.region>rect.box{fill:#fbfcfe;stroke:#6b5fb5;stroke-dasharray:2 3}',
  '.state.region>text.name{font-style:italic;fill:#4b3f99}',
  '.initial{fill:#1d2433}',
  '.any-state rect{fill:#f7f7fb;stroke:#6b5fb5;stroke-width:1.2;stroke-dasharray:3 3}',
  '.any-state text{font-style:italic;fill:#4b3f99}',
  '.edge{fill:none;stroke:#8a93a6;stroke-width:1.2}',
  '.edge.live{stroke:#e8590c;stroke-width:2}',
  '.tip{fill:#8a93a6}',
  '.tip.live{fill:#e8590c}',
  '.label rect{fill:#fff;fill-opacity:.88}',
  '.label text{font-size:11px;fill:#39424f}',
  '.label.live text{fill:#b5400a;font-weight:bold}',
].join('');

function stateSvg(layout: MachineLayout, s: StateBox, opts: SvgOptions, active: Set<string>): string {
  if (s.kind === 'initial') {
    const r = s.width / 2;
    return `<circle class="initial" cx="${n(s.x + r)}" cy="${n(s.y + r)}" r="${n(r)}"/>`;
  }
  if (s.kind === 'any') {
    return [
      `<g class="any-state" data-path="${xml(s.path)}" data-testid="${xml(`any-state-${opts.testIdPrefix ?? layout.id}`)}">`,
      '<title>Machine-wide transitions: taken from any state that does not handle the event itself</title>',
      `<rect x="${n(s.x)}" y="${n(s.y)}" width="${n(s.width)}" height="${n(s.height)}" rx="15"/>`,
      `<text x="${n(s.x + s.width / 2)}" y="${n(s.y + s.height / 2 + 4)}" text-anchor="middle">${xml(s.key)}</text>`,
      '</g>',
    ].join('');
  }
  // A parallel state's children are its regions, all active at once (issue 31.6): drawn as
  // regions (a dotted frame, "region" before the name), not as states one could be "in" instead.
  const region = layout.states.find((p) => p.path === s.parent)?.type === 'parallel';
  const classes = [
    'state',
    s.container ? 'container' : '',
    region ? 'region' : '',
    s.type === 'parallel' ? 'parallel' : '',
    active.has(s.path) ? 'active' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const testid = `state-${opts.testIdPrefix ?? layout.id}-${s.path}`;
  const description = opts.descriptions?.[s.path];
  const parts = [
    `<g class="${classes}" data-path="${xml(s.path)}" data-testid="${xml(testid)}" data-active="${active.has(s.path)}">`,
    `<title>${xml(description ? `${s.path}: ${description}` : s.path)}</title>`,
    `<rect class="box" x="${n(s.x)}" y="${n(s.y)}" width="${n(s.width)}" height="${n(s.height)}" rx="8"/>`,
  ];
  if (s.type === 'final') {
    parts.push(
      `<rect class="inner" x="${n(s.x + 3)}" y="${n(s.y + 3)}" width="${n(s.width - 6)}" height="${n(s.height - 6)}" rx="6"/>`,
    );
  }
  if (s.container) {
    const parentType = layout.states.find((p) => p.path === s.parent)?.type ?? null;
    parts.push(
      `<text class="name" x="${n(s.x + 10)}" y="${n(s.y + 17)}">${xml(boxTitle(s.key, s.type, parentType))}</text>`,
    );
    if (s.badges)
      parts.push(`<text class="badges" x="${n(s.x + 10)}" y="${n(s.y + 31)}">${xml(s.badges)}</text>`);
  } else {
    const cx = s.x + s.width / 2;
    const nameY = s.badges ? s.y + 18 : s.y + s.height / 2 + 4;
    parts.push(`<text class="name" x="${n(cx)}" y="${n(nameY)}" text-anchor="middle">${xml(s.key)}</text>`);
    if (s.badges)
      parts.push(
        `<text class="badges" x="${n(cx)}" y="${n(s.y + 34)}" text-anchor="middle">${xml(s.badges)}</text>`,
      );
  }
  parts.push('</g>');
  return parts.join('');
}

/** The arrow head at the end of the last segment, as a small triangle. */
function tip(a: { x: number; y: number }, b: { x: number; y: number }, live: boolean): string {
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const ux = (b.x - a.x) / len;
  const uy = (b.y - a.y) / len;
  const size = 8;
  const p1 = `${n(b.x - ux * size - uy * size * 0.45)},${n(b.y - uy * size + ux * size * 0.45)}`;
  const p2 = `${n(b.x - ux * size + uy * size * 0.45)},${n(b.y - uy * size - ux * size * 0.45)}`;
  return `<polygon class="tip${live ? ' live' : ''}" points="${n(b.x)},${n(b.y)} ${p1} ${p2}"/>`;
}

/**
 * The diagram as an SVG document (no XML prolog, so it can be inlined in HTML too).
 *
 * @example
 * const svg = toSvg(await layoutMachine(describeMachine(loginMachine)), { highlight: ['idle'] });
 */
export function toSvg(layout: MachineLayout, opts: SvgOptions = {}): string {
  const active = withAncestors(opts.highlight ?? []);
  const before = opts.taken ? withAncestors(opts.taken.from) : null;
  const after = opts.taken ? withAncestors(opts.taken.to) : null;
  before?.add(ANY_STATE);
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="machine-diagram" viewBox="0 0 ${layout.width} ${layout.height}" width="${layout.width}" height="${layout.height}" role="img" aria-label="${xml(`${layout.id} state machine`)}" data-machine="${xml(layout.id)}">`,
    `<style>${DIAGRAM_CSS}</style>`,
    `<rect width="${layout.width}" height="${layout.height}" fill="#fff"/>`,
  ];
  for (const s of layout.states) out.push(stateSvg(layout, s, opts, active));
  for (const e of layout.edges) {
    if (e.points.length < 2) continue;
    const taken = !!before && !!after && before.has(e.source) && after.has(e.target);
    const live = taken || (!opts.taken && active.has(e.source));
    const d = e.points.map((p, i) => `${i === 0 ? 'M' : 'L'}${n(p.x)} ${n(p.y)}`).join(' ');
    const said = opts.words
      ? e.transitions.map((t) => opts.words!(t, e.source === ANY_STATE ? null : e.source)).filter(Boolean)
      : [];
    const title =
      said.length > 0
        ? `${e.source} → ${e.target}: ${said.join(' / ')}`
        : `${e.source} → ${e.target}${e.label ? `: ${e.label.lines.join(', ')}` : ''}`;
    out.push(
      `<g class="transition${taken ? ' taken' : ''}" data-edge="${xml(`${e.source}>${e.target}`)}" data-source="${xml(e.source)}">`,
      `<path class="edge${live ? ' live' : ''}" d="${d}"><title>${xml(title)}</title></path>`,
      tip(e.points[e.points.length - 2]!, e.points[e.points.length - 1]!, live),
    );
    if (e.label) {
      const l = e.label;
      out.push(
        `<g class="label${live ? ' live' : ''}"><title>${xml(title)}</title><rect x="${n(l.x)}" y="${n(l.y)}" width="${n(l.width)}" height="${n(l.height)}" rx="3"/>`,
      );
      l.lines.forEach((line, i) => {
        out.push(`<text x="${n(l.x + 3)}" y="${n(l.y + 2 + (i + 1) * LINE_HEIGHT - 4)}">${xml(line)}</text>`);
      });
      out.push('</g>');
    }
    out.push('</g>');
  }
  out.push('</svg>');
  return out.join('\n');
}

/** For tests: the monospace metrics the layout assumed. */
export const TEXT_METRICS = { FONT_SIZE, CHAR_WIDTH, LINE_HEIGHT };

// Resizable, collapsible panes. Three splitters, each a focusable
// role="separator" (the ARIA window-splitter pattern) with a collapse button
// beside it:
//   main: the query pane | the response pane (collapses the response pane);
//         at phone width the panes stack and it sets the editor's height,
//   vars: the editor / the variables and headers pane below it (collapses
//         that pane; hidden at phone width),
//   side: the page / the side panel's width (collapses the panel to a rail;
//         hidden at phone width, where the panel is full-width and modal).
// Drag with the pointer, or focus and use the arrow keys (Shift: bigger
// steps), Home/End (smallest/largest), Enter (collapse/restore); a double
// click collapses/restores too. Sizes, collapsed states and the open side
// panel are kept in localStorage ("menagerie.layout"). Sizes reach the CSS
// as custom properties of a constructed style sheet (no style attributes).

const KEY = 'menagerie.layout';
const phone = matchMedia('(max-width: 760px)');
const overlay = matchMedia('(max-width: 1100px)');
const MIN = { query: 240, response: 240, vars: 90, editor: 140, side: 260, edit: 120 };
const STEP = 20;

const sheet = new CSSStyleSheet();
sheet.replaceSync(':root {}');
document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
const cssVars = sheet.cssRules[0].style;

function readState() {
  try { const v = JSON.parse(localStorage.getItem(KEY) || '{}'); return v && typeof v === 'object' ? v : {}; } catch (e) { return {}; }
}
const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v));
const num = (v) => (typeof v === 'number' && isFinite(v) ? v : null);

export class Panes {
  constructor() {
    const s = readState();
    // main: the response pane's share of the two panes (0..1); edit: the
    // editor's height at phone width; vars, side: pixels.
    this.state = {
      main: num(s.main), edit: num(s.edit), vars: num(s.vars), side: num(s.side),
      mainCollapsed: s.mainCollapsed === true, varsCollapsed: s.varsCollapsed === true, sideCollapsed: s.sideCollapsed === true,
      panel: typeof s.panel === 'string' ? s.panel : null,
    };
    this.query = document.querySelector('.query-pane');
    this.response = document.querySelector('.response-pane');
    this.subpanes = document.querySelector('.subpanes');
    this.side = document.getElementById('side');
    this.query.id = this.query.id || 'query-section';
    this.response.id = this.response.id || 'response-section';
    this.subpanes.id = this.subpanes.id || 'request-settings';
    this.splits = {
      main: this.make('main', this.response, 'the response pane'),
      vars: this.make('vars', this.subpanes, 'the variables and headers pane'),
      side: this.make('side', this.side, 'the side panel'),
    };
    // Picking Variables or Headers brings a collapsed pane back.
    for (const b of this.subpanes.querySelectorAll('.subtabs [role=tab]')) b.addEventListener('click', () => this.expand('vars'));
    phone.addEventListener('change', () => this.apply());
    overlay.addEventListener('change', () => this.apply());
    window.addEventListener('resize', () => this.draw());
    this.apply();
  }

  /** A splitter: a separator bar and a collapse/restore button, placed in
   *  (and drawn over the edge of) the pane they collapse. */
  make(name, pane, what) {
    const wrap = document.createElement('div');
    wrap.className = `split split-${name}`;
    const bar = document.createElement('div');
    bar.className = 'split-bar';
    bar.id = `split-${name}`;
    bar.tabIndex = 0;
    bar.setAttribute('role', 'separator');
    bar.setAttribute('aria-controls', pane.id);
    bar.setAttribute('aria-label', `Resize ${what}`);
    bar.setAttribute('aria-valuemin', '0');
    bar.title = 'Drag to resize; double-click or Enter to collapse or restore';
    const btn = document.createElement('button');
    btn.type = 'button';
    btn.className = 'split-toggle';
    btn.id = `split-${name}-toggle`;
    btn.setAttribute('aria-controls', pane.id);
    wrap.append(bar, btn);
    pane.prepend(wrap);
    btn.addEventListener('click', () => this.toggle(name));
    bar.addEventListener('dblclick', (e) => { e.preventDefault(); this.toggle(name); });
    bar.addEventListener('keydown', (e) => this.key(name, e));
    bar.addEventListener('pointerdown', (e) => this.drag(name, e));
    return { wrap, bar, btn, what };
  }

  /** Whether the bar moves up and down (the panes lie above and below it). */
  vertical(name) { return name === 'vars' || (name === 'main' && phone.matches); }
  /** Collapsed, where that applies (at phone width only the response pane collapses). */
  isCollapsed(name) { return this.state[name + 'Collapsed'] && (name === 'main' || !phone.matches); }
  /** Width of the query and response panes together. */
  total() { return this.query.getBoundingClientRect().width + this.response.getBoundingClientRect().width; }

  /** The primary pane's current size in pixels (0 when collapsed). */
  size(name) {
    if (name === 'main' && phone.matches) return document.getElementById('editor').getBoundingClientRect().height;
    if (this.isCollapsed(name)) return 0;
    if (name === 'main') return this.response.getBoundingClientRect().width;
    if (name === 'vars') return this.subpanes.getBoundingClientRect().height;
    return this.side.getBoundingClientRect().width;
  }

  /** Smallest and largest size the primary pane may take now. */
  bounds(name) {
    if (name === 'main' && phone.matches) return [MIN.edit, Math.max(MIN.edit, Math.round(innerHeight * 0.8))];
    if (name === 'main') return [MIN.response, Math.max(MIN.response, this.total() - MIN.query)];
    if (name === 'vars') {
      const toolbar = this.query.querySelector('.toolbar').getBoundingClientRect().height;
      const diag = document.getElementById('diagnostics').getBoundingClientRect().height;
      return [MIN.vars, Math.max(MIN.vars, this.query.getBoundingClientRect().height - toolbar - diag - MIN.editor)];
    }
    return [MIN.side, Math.max(MIN.side, overlay.matches ? innerWidth - 40 : Math.min(900, innerWidth - 2 * MIN.query - 20))];
  }

  /** Sets the primary pane's size in pixels (clamped), un-collapsing it. */
  resize(name, px, save = true) {
    const [lo, hi] = this.bounds(name);
    const v = Math.round(clamp(px, lo, hi));
    if (name === 'main' && phone.matches) this.state.edit = v;
    else if (name === 'main') this.state.main = Math.round(clamp(v / Math.max(1, this.total()), 0.05, 0.95) * 1e4) / 1e4;
    else this.state[name] = v;
    if (!phone.matches) this.state[name + 'Collapsed'] = false;
    this.apply();
    if (save) this.save();
  }

  collapse(name, on) {
    if (this.state[name + 'Collapsed'] === on) return false;
    this.state[name + 'Collapsed'] = on;
    this.apply();
    this.save();
    return true;
  }
  toggle(name) { this.collapse(name, !this.state[name + 'Collapsed']); }
  /** Restores a collapsed pane; true when it was collapsed. */
  expand(name) { return this.collapse(name, false); }

  /** The side panel that was open (restored on load where it is a column). */
  savedPanel() { return overlay.matches ? null : this.state.panel; }
  setPanel(name) { if (this.state.panel !== name) { this.state.panel = name; this.save(); } this.draw(); }

  save() { try { localStorage.setItem(KEY, JSON.stringify(this.state)); } catch (e) { /* full or disabled */ } }

  /** Writes the state to the CSS (custom properties, classes). */
  apply() {
    const s = this.state;
    const set = (k, v) => (v == null ? cssVars.removeProperty(k) : cssVars.setProperty(k, v));
    // Shares as fr (times 100: a flexible track left alone with a factor
    // under 1 would take only that part of the free space).
    set('--pg-q', s.main == null ? null : `${Math.round((1 - s.main) * 1e4) / 100}fr`);
    set('--pg-r', s.main == null ? null : `${Math.round(s.main * 1e4) / 100}fr`);
    set('--pg-edit', s.edit == null ? null : `${s.edit}px`);
    set('--pg-vars', s.vars == null ? null : `${s.vars}px`);
    set('--pg-side', s.side == null ? null : `${s.side}px`);
    const body = document.body.classList;
    body.toggle('pg-edit-sized', s.edit != null);
    body.toggle('pg-vars-sized', s.vars != null);
    body.toggle('pg-side-sized', s.side != null);
    body.toggle('pg-main-collapsed', this.isCollapsed('main'));
    body.toggle('pg-vars-collapsed', this.isCollapsed('vars'));
    body.toggle('pg-side-collapsed', this.isCollapsed('side'));
    this.draw();
  }

  /** The ARIA state of each splitter and its button. */
  draw() {
    for (const [name, sp] of Object.entries(this.splits)) {
      const collapsed = this.isCollapsed(name);
      const vertical = this.vertical(name);
      sp.bar.setAttribute('aria-orientation', vertical ? 'horizontal' : 'vertical');
      const [, hi] = this.bounds(name);
      const now = Math.round(this.size(name));
      sp.bar.setAttribute('aria-valuemax', String(Math.round(hi)));
      sp.bar.setAttribute('aria-valuenow', String(Math.min(now, Math.round(hi))));
      sp.bar.setAttribute('aria-valuetext', now ? `${now} pixels` : 'collapsed');
      sp.btn.setAttribute('aria-expanded', String(!collapsed));
      const label = `${collapsed ? 'Restore' : 'Collapse'} ${sp.what}`;
      sp.btn.setAttribute('aria-label', label);
      sp.btn.title = label;
      // The arrow points where the pane will go.
      const [out, back] = name === 'vars' ? ['▾', '▴'] : name === 'main' ? (phone.matches ? ['▾', '▴'] : ['›', '‹']) : ['›', '‹'];
      sp.btn.textContent = collapsed ? back : out;
    }
  }

  key(name, e) {
    const vertical = this.vertical(name);
    const step = e.shiftKey ? STEP * 4 : STEP;
    // The primary pane lies right of (or below) the bar: moving the bar
    // left (up) grows it; at phone width the editor lies above the bar.
    const grow = name === 'main' && phone.matches ? 'ArrowDown' : (vertical ? 'ArrowUp' : 'ArrowLeft');
    const shrink = name === 'main' && phone.matches ? 'ArrowUp' : (vertical ? 'ArrowDown' : 'ArrowRight');
    const [lo, hi] = this.bounds(name);
    if (e.key === grow || e.key === shrink) this.resize(name, this.size(name) + (e.key === grow ? step : -step));
    else if (e.key === 'Home') this.resize(name, lo);
    else if (e.key === 'End') this.resize(name, hi);
    else if (e.key === 'Enter') this.toggle(name);
    else return;
    e.preventDefault();
  }

  drag(name, e) {
    if (e.button !== 0) return;
    const bar = this.splits[name].bar;
    const vertical = this.vertical(name);
    const start = vertical ? e.clientY : e.clientX;
    const from = this.size(name);
    // At phone width the editor (above the bar) grows as the bar moves down;
    // elsewhere the primary pane (right of or below the bar) shrinks.
    const sign = name === 'main' && phone.matches ? 1 : -1;
    const [lo] = this.bounds(name);
    let moved = false;
    bar.setPointerCapture(e.pointerId);
    document.body.classList.add('pg-dragging');
    const move = (ev) => {
      const d = (vertical ? ev.clientY : ev.clientX) - start;
      if (!moved && Math.abs(d) < 3) return;
      moved = true;
      const want = from + sign * d;
      // Dragged well below the smallest size: collapse (but the editor at phone width never collapses).
      if (want < lo / 2 && !(name === 'main' && phone.matches)) {
        if (!this.isCollapsed(name)) { this.state[name + 'Collapsed'] = true; this.apply(); }
      } else this.resize(name, want, false);
    };
    const up = () => {
      bar.removeEventListener('pointermove', move);
      bar.removeEventListener('pointerup', up);
      bar.removeEventListener('pointercancel', up);
      document.body.classList.remove('pg-dragging');
      if (moved) this.save();
    };
    bar.addEventListener('pointermove', move);
    bar.addEventListener('pointerup', up);
    bar.addEventListener('pointercancel', up);
    e.preventDefault();
  }
}

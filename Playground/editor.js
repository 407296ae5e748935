// The query editor: a transparent <textarea> (which owns the text, caret,
// selection, undo and IME) over a <pre> that shows the same text
// highlighted, with bracket matching and validation underlines. A gutter
// shows line numbers and problem markers; a listbox offers completions.

import { parse } from '/playground/lang.js';
import { completions, docsTargetAt } from '/playground/schema.js';
import { fieldInsertion } from '/playground/assist.js';

const ROLE_CLASS = {
  keyword: 'tk-keyword', def: 'tk-def', field: 'tk-field', alias: 'tk-alias', arg: 'tk-arg', type: 'tk-type',
  variable: 'tk-variable', directive: 'tk-directive', enum: 'tk-enum', fragment: 'tk-def', number: 'tk-number', string: 'tk-string',
};
const KEYWORDS = new Set(['query', 'mutation', 'subscription', 'fragment', 'on', 'true', 'false', 'null']);
const PAIRS = { '{': '}', '(': ')', '[': ']' };
const CLOSERS = { '}': '{', ')': '(', ']': '[' };

function esc(s) { return s.replace(/[&<>]/g, c => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;')); }

/** Classes for every token: the parser's role where it got that far, a
 *  guess from the neighbours after a syntax error. */
function tokenClasses(tokens) {
  const cls = new Array(tokens.length);
  let parens = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind === 'punct') {
      if (t.value === '(') parens++;
      if (t.value === ')') parens = Math.max(0, parens - 1);
      const next = tokens[i + 1];
      cls[i] = t.value === '$' ? 'tk-variable' : t.value === '@' ? 'tk-directive' : 'tk-punct';
      if (t.value === '$' && next && next.kind === 'name') next.role = next.role || 'variable';
      continue;
    }
    if (t.kind === 'comment') { cls[i] = 'tk-comment'; continue; }
    if (t.kind === 'string' || t.kind === 'block') { cls[i] = 'tk-string'; continue; }
    if (t.kind === 'int' || t.kind === 'float') { cls[i] = 'tk-number'; continue; }
    if (t.kind === 'error') { cls[i] = 'tk-error'; continue; }
    if (t.kind === 'spread') { cls[i] = 'tk-punct'; continue; }
    if (t.role) { cls[i] = ROLE_CLASS[t.role] || 'tk-name'; continue; }
    const prev = tokens[i - 1]; const next = tokens[i + 1];
    if (KEYWORDS.has(t.value)) cls[i] = 'tk-keyword';
    else if (prev && prev.kind === 'punct' && prev.value === '@') cls[i] = 'tk-directive';
    else if (prev && prev.kind === 'name' && (prev.value === 'on' || prev.value === 'fragment')) cls[i] = prev.value === 'on' ? 'tk-type' : 'tk-def';
    else if (next && next.kind === 'punct' && next.value === ':') cls[i] = parens ? 'tk-arg' : 'tk-alias';
    else if (prev && prev.kind === 'punct' && prev.value === ':') cls[i] = parens ? 'tk-enum' : 'tk-field';
    else cls[i] = parens ? 'tk-enum' : 'tk-field';
  }
  return cls;
}

/** Pairs of matching brackets: Map(offset → offset), and unmatched offsets. */
function bracketPairs(tokens) {
  const match = new Map(); const bad = new Set(); const stack = [];
  for (const t of tokens) {
    if (t.kind !== 'punct') continue;
    if (PAIRS[t.value]) stack.push(t);
    else if (CLOSERS[t.value]) {
      const open = stack[stack.length - 1];
      if (open && open.value === CLOSERS[t.value]) { stack.pop(); match.set(open.start, t.start); match.set(t.start, open.start); }
      else bad.add(t.start);
    }
  }
  for (const t of stack) bad.add(t.start);
  return { match, bad };
}

export class Editor {
  /** `hooks`: onChange(text), onRun(), onPrettify(), onDocs(target),
   *  schema() → Schema|null. */
  constructor(hooks) {
    this.hooks = hooks;
    this.input = document.getElementById('editor-input');
    this.code = document.getElementById('editor-code');
    this.pre = document.getElementById('editor-highlight');
    this.gutter = document.getElementById('editor-gutter');
    this.gutterInner = document.getElementById('editor-gutter-inner');
    this.popup = document.getElementById('completion');
    this.list = document.getElementById('completion-list');
    this.doc = document.getElementById('completion-doc');
    this.diagnostics = [];
    this.tokens = [];
    this.escapeArmed = false;
    this.completion = null;
    this.lastLines = -1;
    this.measure = document.createElement('span');
    this.measure.className = 'measure';
    this.measure.textContent = 'M'.repeat(40);
    this.pre.appendChild(this.measure);

    const i = this.input;
    i.addEventListener('input', (e) => this.onInput(e));
    i.addEventListener('keydown', (e) => this.onKey(e));
    i.addEventListener('scroll', () => this.syncScroll());
    i.addEventListener('click', (e) => {
      this.closeCompletion();
      if ((e.ctrlKey || e.metaKey) && this.hooks.onDocs) {
        const target = docsTargetAt(i.value, i.selectionStart, this.hooks.schema());
        if (target) this.hooks.onDocs(target);
      }
      this.render();
    });
    i.addEventListener('keyup', (e) => { if (/^(Arrow|Home|End|Page)/.test(e.key)) this.render(); });
    i.addEventListener('blur', () => setTimeout(() => { if (document.activeElement !== i) this.closeCompletion(); }, 150));
    this.list.addEventListener('mousedown', (e) => {
      const li = e.target.closest('li');
      if (!li) return;
      e.preventDefault();
      this.completion.index = Number(li.dataset.index);
      this.accept();
    });
    window.addEventListener('resize', () => this.closeCompletion());
  }

  get value() { return this.input.value; }
  set value(v) { this.input.value = v; this.input.setSelectionRange(0, 0); this.render(); this.syncScroll(); }

  focus() { this.input.focus(); }

  /** Replaces the range with `text` through the browser's editing
   *  commands, so that undo (Ctrl+Z) keeps working. */
  replace(from, to, text, caret) {
    const i = this.input;
    i.focus();
    i.setSelectionRange(from, to);
    let ok = false;
    // execCommand keeps undo working but is slow for long texts in Chromium.
    if (text.length + (to - from) < 20000) {
      try { ok = document.execCommand('insertText', false, text); } catch (e) { ok = false; }
    }
    if (!ok || i.value.slice(from, from + text.length) !== text) {
      i.setRangeText(text, from, to, 'end');
      i.dispatchEvent(new Event('input', { bubbles: true }));
    }
    if (caret != null) { i.setSelectionRange(caret, caret); this.render(); }
  }

  /** Replaces everything (prettify, loading a tab) keeping undo. */
  replaceAll(text) { this.replace(0, this.input.value.length, text, 0); this.render(); }

  setDiagnostics(list) { this.diagnostics = list; this.render(); }

  onInput(e) {
    this.render();
    this.hooks.onChange(this.input.value);
    const data = e && e.data;
    if (this.completion) this.openCompletion(true);
    else if (e && e.inputType === 'insertText' && data && /[_A-Za-z$@(]$/.test(data) && data.length <= 2) this.openCompletion(true);
  }

  syncScroll() {
    this.pre.scrollTop = this.input.scrollTop;
    this.pre.scrollLeft = this.input.scrollLeft;
    this.gutter.scrollTop = this.input.scrollTop;
    if (this.window) {
      const [first, last] = this.visibleLines();
      if (first < this.window[0] || last > this.window[1]) this.render();
    }
    if (this.completion) this.placeCompletion();
  }

  /** The lines in view: [first, last). */
  visibleLines() {
    const lh = this.lineHeight || 20;
    const first = Math.floor(this.input.scrollTop / lh);
    return [first, first + Math.ceil((this.input.clientHeight || 600) / lh) + 1];
  }

  /** Tokens, classes and brackets of the current text, computed once per
   *  change of the text. */
  analysis() {
    const src = this.input.value;
    if (this.cache && this.cache.src === src) return this.cache;
    const r = parse(src);
    const lineStarts = [0];
    let widest = 0;
    for (let i = src.indexOf('\n'); i !== -1; i = src.indexOf('\n', i + 1)) {
      widest = Math.max(widest, i - lineStarts[lineStarts.length - 1]);
      lineStarts.push(i + 1);
    }
    widest = Math.max(widest, src.length - lineStarts[lineStarts.length - 1]);
    this.cache = { src, tokens: r.tokens, cls: tokenClasses(r.tokens), brackets: bracketPairs(r.tokens), lineStarts, widest };
    return this.cache;
  }

  /** Redraws the highlight layer (only the lines in view, with a margin, so
   *  long documents stay fast) and the gutter. */
  render() {
    const a0 = this.analysis();
    const { src, tokens, cls, lineStarts } = a0;
    const { match, bad } = a0.brackets;
    this.tokens = tokens;
    if (!this.lineHeight) this.lineHeight = parseFloat(getComputedStyle(this.input).lineHeight) || 20;
    const nLines = lineStarts.length;
    const [vf, vl] = this.visibleLines();
    const first = Math.max(0, vf - 60);
    const last = Math.min(nLines, vl + 60);
    this.window = [first === 0 ? 0 : vf - 30, last === nLines ? Infinity : vl + 30];
    const wStart = lineStarts[first];
    const wEnd = last < nLines ? lineStarts[last] : src.length;
    const caret = this.input.selectionStart === this.input.selectionEnd ? this.input.selectionStart : -1;
    const marks = new Map();
    for (const b of bad) marks.set(b, 'bracket-bad');
    for (const at of [caret - 1, caret]) {
      if (at >= 0 && match.has(at)) { marks.set(at, 'bracket-match'); marks.set(match.get(at), 'bracket-match'); break; }
    }
    const inWindow = (p) => p >= wStart && p <= wEnd;
    const points = new Set([wStart, wEnd]);
    let ti = 0;
    while (ti < tokens.length && tokens[ti].end <= wStart) ti++;
    const firstToken = ti;
    for (let k = ti; k < tokens.length && tokens[k].start < wEnd; k++) {
      if (inWindow(tokens[k].start)) points.add(tokens[k].start);
      if (inWindow(tokens[k].end)) points.add(tokens[k].end);
    }
    const diags = this.diagnostics.filter(d => d.end >= wStart && d.start <= wEnd);
    for (const d of diags) {
      const e = Math.max(d.end, d.start + 1);
      if (inWindow(d.start)) points.add(d.start);
      if (inWindow(Math.min(e, src.length))) points.add(Math.min(e, src.length));
    }
    for (const m of marks.keys()) { if (inWindow(m)) { points.add(m); if (inWindow(m + 1)) points.add(m + 1); } }
    const sorted = [...points].sort((a, b) => a - b);
    const parts = [];
    ti = firstToken;
    for (let k = 0; k + 1 < sorted.length; k++) {
      const a = sorted[k]; const b = sorted[k + 1];
      if (a === b) continue;
      while (ti < tokens.length && tokens[ti].end <= a) ti++;
      let classes = '';
      if (ti < tokens.length && tokens[ti].start <= a) classes = cls[ti];
      for (const d of diags) if (d.start <= a && b <= Math.max(d.end, d.start + 1)) { classes += d.severity === 'warning' ? ' diag-warning' : ' diag-error'; break; }
      if (marks.has(a)) classes += ' ' + marks.get(a);
      const text = esc(src.slice(a, b));
      parts.push(classes ? `<span class="${classes.trim()}">${text}</span>` : text);
    }
    // Lines outside the window are blank; a last line as wide as the widest
    // keeps the layer as wide as the text so both scroll alike.
    this.code.innerHTML = '\n'.repeat(first) + parts.join('') + '\n'.repeat(Math.max(0, nLines - last)) + '\n' + ' '.repeat(a0.widest + 8);
    this.renderGutter(src, nLines);
  }

  renderGutter(src, lines) {
    const flagged = new Map();
    const starts = this.cache.lineStarts;
    for (const d of this.diagnostics) {
      let lo = 0; let hi = starts.length - 1;
      while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (starts[mid] <= d.start) lo = mid; else hi = mid - 1; }
      const line = lo + 1;
      if (flagged.get(line) !== 'error') flagged.set(line, d.severity);
    }
    const key = lines + '|' + [...flagged].join(',');
    if (key === this.lastLines) return;
    this.lastLines = key;
    const out = [];
    for (let n = 1; n <= lines; n++) {
      const f = flagged.get(n);
      out.push(f ? `<span class="ln ln-${f}">${n}</span>` : String(n));
    }
    this.gutterInner.innerHTML = out.join('\n');
    this.gutter.scrollTop = this.input.scrollTop;
  }

  onKey(e) {
    const i = this.input;
    const mod = e.ctrlKey || e.metaKey;
    if (this.completion) {
      const c = this.completion;
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        c.index = (c.index + (e.key === 'ArrowDown' ? 1 : -1) + c.items.length) % c.items.length;
        this.drawCompletion();
        return;
      }
      if ((e.key === 'Enter' && !mod) || e.key === 'Tab') { e.preventDefault(); this.accept(); return; }
      if (e.key === 'Escape') { e.preventDefault(); this.closeCompletion(); return; }
    }
    if (mod && e.key === 'Enter') { e.preventDefault(); this.closeCompletion(); this.hooks.onRun(); return; }
    if (mod && (e.key === ' ' || e.code === 'Space')) { e.preventDefault(); this.openCompletion(false); return; }
    if (mod && e.shiftKey && (e.key === 'P' || e.key === 'p')) { e.preventDefault(); this.hooks.onPrettify(); return; }
    if (e.key === 'Escape') { this.escapeArmed = true; return; }
    if (e.key === 'Tab') {
      if (this.escapeArmed || mod || e.altKey) { this.escapeArmed = false; return; }
      e.preventDefault();
      this.indent(e.shiftKey);
      return;
    }
    this.escapeArmed = false;
    if (mod || e.altKey || e.isComposing) return;
    const s = i.selectionStart; const t = i.selectionEnd; const v = i.value;
    const next = v[t] || '';
    if (e.key === 'Enter') {
      e.preventDefault();
      const lineStart = v.lastIndexOf('\n', s - 1) + 1;
      const ind = /^[ \t]*/.exec(v.slice(lineStart, s))[0];
      const prev = v[s - 1];
      if (PAIRS[prev] && next === PAIRS[prev] && s === t) {
        this.replace(s, t, '\n' + ind + '  \n' + ind, s + 1 + ind.length + 2);
      } else {
        const extra = PAIRS[prev] ? '  ' : '';
        this.replace(s, t, '\n' + ind + extra);
      }
      return;
    }
    if (PAIRS[e.key]) {
      if (s !== t) { e.preventDefault(); this.replace(s, t, e.key + v.slice(s, t) + PAIRS[e.key], t + 2); return; }
      if (!next || /[\s)\]},]/.test(next)) {
        e.preventDefault();
        this.replace(s, t, e.key + PAIRS[e.key], s + 1);
        if (e.key === '(') this.openCompletion(true);
        return;
      }
      return;
    }
    if (CLOSERS[e.key] && s === t && next === e.key) { e.preventDefault(); i.setSelectionRange(s + 1, s + 1); this.render(); return; }
    if (e.key === '"' && s === t) {
      if (next === '"' && !v.slice(0, s).endsWith('\\')) { e.preventDefault(); i.setSelectionRange(s + 1, s + 1); this.render(); return; }
      const before = v[s - 1] || '';
      if (!/[\w"\\]/.test(before) && (!next || /[\s)\]},]/.test(next))) { e.preventDefault(); this.replace(s, t, '""', s + 1); return; }
      return;
    }
    if (e.key === 'Backspace' && s === t && s > 0) {
      const pair = v[s - 1] + next;
      if (pair === '{}' || pair === '()' || pair === '[]' || pair === '""') { e.preventDefault(); this.replace(s - 1, s + 1, '', s - 1); }
    }
  }

  /** Tab / Shift+Tab: two spaces at the caret, or (de)indent the lines of a
   *  selection. */
  indent(out) {
    const i = this.input; const v = i.value;
    const s = i.selectionStart; const t = i.selectionEnd;
    if (s === t && !out) { this.replace(s, t, '  '); return; }
    const a = v.lastIndexOf('\n', s - 1) + 1;
    const b = t > a && v[t - 1] === '\n' ? t - 1 : t;
    const lines = v.slice(a, b).split('\n');
    const changed = lines.map(l => (out ? l.replace(/^ {1,2}|^\t/, '') : '  ' + l)).join('\n');
    this.replace(a, b, changed);
    i.setSelectionRange(a, a + changed.length);
    this.render();
  }

  // -------------------------------------------------------- completion

  openCompletion(auto) {
    const i = this.input;
    if (i.selectionStart !== i.selectionEnd) { this.closeCompletion(); return; }
    const pos = i.selectionStart;
    const r = completions(i.value, pos, this.hooks.schema());
    let items = r.items;
    if (auto && items.length === 1 && items[0].label === r.prefix) items = [];
    if (!items.length) { this.closeCompletion(); return; }
    const prev = this.completion && this.completion.items[this.completion.index];
    const idx = prev ? Math.max(0, items.findIndex(x => x.label === prev.label)) : 0;
    this.completion = { from: r.from, items: items.slice(0, 200), index: idx, kind: r.kind };
    this.popup.hidden = false;
    this.drawCompletion();
    this.placeCompletion();
  }

  closeCompletion() {
    if (!this.completion) return;
    this.completion = null;
    this.popup.hidden = true;
    this.input.removeAttribute('aria-activedescendant');
  }

  drawCompletion() {
    const c = this.completion;
    this.list.innerHTML = '';
    c.items.forEach((it, k) => {
      const li = document.createElement('li');
      li.id = 'completion-' + k;
      li.setAttribute('role', 'option');
      li.dataset.index = String(k);
      li.setAttribute('aria-selected', k === c.index ? 'true' : 'false');
      if (it.deprecated) li.classList.add('deprecated');
      const label = document.createElement('span'); label.className = 'c-label'; label.textContent = it.label;
      const detail = document.createElement('span'); detail.className = 'c-detail'; detail.textContent = it.detail;
      li.append(label, detail);
      this.list.appendChild(li);
    });
    const cur = c.items[c.index];
    this.input.setAttribute('aria-activedescendant', 'completion-' + c.index);
    this.doc.textContent = cur ? (cur.deprecated ? 'Deprecated. ' : '') + (cur.description || '') : '';
    this.doc.hidden = !this.doc.textContent;
    const el = this.list.children[c.index];
    if (el) el.scrollIntoView({ block: 'nearest' });
  }

  /** Places the popup under the start of the word being completed. */
  placeCompletion() {
    const c = this.completion;
    if (!c) return;
    const v = this.input.value.slice(0, c.from);
    const line = v.split('\n').length - 1;
    const col = v.length - (v.lastIndexOf('\n') + 1);
    const cs = getComputedStyle(this.input);
    const lh = parseFloat(cs.lineHeight) || 20;
    const cw = this.measure.getBoundingClientRect().width / 40 || 8;
    const padL = parseFloat(cs.paddingLeft) || 0; const padT = parseFloat(cs.paddingTop) || 0;
    const body = this.input.parentElement.getBoundingClientRect();
    let left = padL + col * cw - this.input.scrollLeft;
    let top = padT + (line + 1) * lh - this.input.scrollTop + 2;
    const w = Math.min(360, body.width - 8);
    left = Math.max(4, Math.min(left, body.width - w - 4));
    const below = body.height - top;
    this.popup.classList.toggle('above', below < 160 && top > 200);
    if (below < 160 && top > 200) top = top - lh - 4;
    this.popup.style.setProperty('--x', left + 'px');
    this.popup.style.setProperty('--y', top + 'px');
  }

  accept() {
    const c = this.completion;
    if (!c) return;
    const it = c.items[c.index];
    const i = this.input;
    const pos = i.selectionStart;
    let to = pos;
    while (to < i.value.length && /[_0-9A-Za-z]/.test(i.value[to])) to++;
    let from = c.from;
    if (it.insert && it.insert.startsWith('$') && i.value[from - 1] === '$') from--;
    const text = it.insert || it.label;
    this.closeCompletion();
    // A field: its leaf fields after an object field, `(arg: )` for required arguments.
    const f = it.field && fieldInsertion(it.field, this.hooks.schema(), i.value, from, to);
    if (f) { this.replace(from, to, f.text, from + f.caret); return; }
    this.replace(from, to, text);
    this.render();
    if (c.kind === 'argument' || c.kind === 'objectField') this.openCompletion(true);
  }

  /** Moves the caret to a line and column (1-based) and focuses. */
  goTo(line, column) {
    const lines = this.input.value.split('\n');
    let pos = 0;
    for (let k = 0; k < line - 1 && k < lines.length; k++) pos += lines[k].length + 1;
    pos += Math.max(0, column - 1);
    this.input.focus();
    this.input.setSelectionRange(pos, pos);
    const lh = parseFloat(getComputedStyle(this.input).lineHeight) || 20;
    const y = (line - 1) * lh;
    if (y < this.input.scrollTop || y > this.input.scrollTop + this.input.clientHeight - lh) this.input.scrollTop = Math.max(0, y - this.input.clientHeight / 2);
    this.render();
  }
}

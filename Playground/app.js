// The playground page: tabs, running queries, the response pane, history,
// examples, the side panel and the colour theme. Everything is served from
// this origin; the only requests are to /graphql and /playground/*.

import { parse, prettify, lineCol, operations } from '/playground/lang.js';
import { Schema, INTROSPECTION_QUERY, validate } from '/playground/schema.js';
import { Editor } from '/playground/editor.js';
import { Docs } from '/playground/docs.js';
import { renderJSON, renderErrors, renderGallery, collectImages, setAllExpanded, Viewer, formatBytes, formatPath } from '/playground/result.js';
import { EXAMPLES, WELCOME } from '/playground/examples.js';
import { Panes } from '/playground/panes.js';
import { OperationPicker } from '/playground/oppicker.js';
import { addRun, renderHistory, responseOf, clearHistory } from '/playground/history.js';
import { VariablesEditor } from '/playground/variables.js';
import { HoverTip, hoverAt, fillLeafs } from '/playground/assist.js';

const ENDPOINT = '/graphql';
const KEYS = { tabs: 'menagerie.tabs', history: 'menagerie.history', theme: 'menagerie.theme', rememberHeaders: 'menagerie.rememberHeaders' };

const $ = (id) => document.getElementById(id);
const store = {
  get(k, fallback) { try { const v = localStorage.getItem(k); return v == null ? fallback : JSON.parse(v); } catch (e) { return fallback; } },
  set(k, v) { try { localStorage.setItem(k, JSON.stringify(v)); } catch (e) { /* full or disabled */ } },
};
function debounce(fn, ms) { let t = 0; return (...a) => { clearTimeout(t); t = setTimeout(() => fn(...a), ms); }; }
function uid() { return Math.random().toString(36).slice(2, 10); }

// ------------------------------------------------------------------ state

let schema = null;
let tabs = [];
let active = null;
const viewer = new Viewer();
const panes = new Panes();
const picker = new OperationPicker($('editor-input'), $('run'));
const docs = new Docs();
const editor = new Editor({
  onChange: (text) => { const t = current(); if (t) { t.query = text; t.title = titleOf(text); } revalidate(); saveSoon(); drawTabsSoon(); },
  onRun: () => run(),
  onPrettify: () => doPrettify(),
  onDocs: (target) => { openSide('docs'); docs.jump(target); },
  schema: () => schema,
});

function current() { return tabs.find(t => t.id === active) || null; }
function newTab(query, variables, headers) {
  return { id: uid(), title: titleOf(query), query, variables: variables || '', headers: headers || '', response: null };
}
function titleOf(query) {
  const m = /\b(query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(query.replace(/#[^\n]*/g, ''));
  if (m) return m[2];
  const f = /\{\s*([_A-Za-z][_0-9A-Za-z]*)/.exec(query.replace(/#[^\n]*/g, ''));
  return f ? f[1] : 'Untitled';
}

// Request headers (an Authorization token, say) reach local storage only
// when the user asks for it, as GraphiQL does.
function rememberHeaders() { return store.get(KEYS.rememberHeaders, false) === true; }
function save() {
  const keep = rememberHeaders();
  store.set(KEYS.tabs, { active, tabs: tabs.map(({ id, title, query, variables, headers }) => ({ id, title, query, variables, headers: keep ? headers : '' })) });
}
const saveSoon = debounce(save, 250);
// Whatever is pending is written before the page goes away.
window.addEventListener('pagehide', () => save());
document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'hidden') save(); });

function load() {
  const saved = store.get(KEYS.tabs, null);
  if (saved && Array.isArray(saved.tabs) && saved.tabs.length) {
    tabs = saved.tabs.filter(t => t && typeof t.query === 'string').map(t => ({ id: String(t.id || uid()), title: titleOf(t.query), query: t.query, variables: String(t.variables || ''), headers: String(t.headers || ''), response: null }));
    active = tabs.some(t => t.id === saved.active) ? saved.active : (tabs[0] && tabs[0].id);
  }
  if (!tabs.length) { const t = newTab(WELCOME, '', ''); tabs = [t]; active = t.id; }
}

// ------------------------------------------------------------------- tabs

const tabsEl = $('tabs');
function drawTabs() {
  tabsEl.innerHTML = '';
  for (const t of tabs) {
    const wrap = document.createElement('div');
    wrap.className = 'tab' + (t.id === active ? ' active' : '');
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'tab-button';
    b.setAttribute('role', 'tab');
    b.id = 'tab-' + t.id;
    b.dataset.id = t.id;
    b.setAttribute('aria-selected', String(t.id === active));
    b.setAttribute('aria-controls', 'workspace');
    b.tabIndex = t.id === active ? 0 : -1;
    b.textContent = t.title;
    b.title = t.title;
    b.addEventListener('click', () => switchTo(t.id));
    b.addEventListener('keydown', (e) => {
      const k = tabs.findIndex(x => x.id === t.id);
      if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
        e.preventDefault();
        const n = tabs[(k + (e.key === 'ArrowRight' ? 1 : -1) + tabs.length) % tabs.length];
        switchTo(n.id); const nb = $('tab-' + n.id); if (nb) nb.focus();
      } else if (e.key === 'Delete') { e.preventDefault(); closeTab(t.id); const nb = $('tab-' + active); if (nb) nb.focus(); }
    });
    wrap.appendChild(b);
    if (tabs.length > 1) {
      const x = document.createElement('button');
      x.type = 'button';
      x.className = 'tab-close';
      x.setAttribute('aria-label', `Close tab ${t.title}`);
      x.tabIndex = t.id === active ? 0 : -1;
      x.textContent = '×';
      x.addEventListener('click', (e) => { e.stopPropagation(); closeTab(t.id); });
      wrap.appendChild(x);
    }
    tabsEl.appendChild(wrap);
  }
  // Keep the active tab in view (scrolling the strip only, never the page).
  const act = $('tab-' + active);
  if (act) {
    const w = act.parentElement;
    if (w.offsetLeft < tabsEl.scrollLeft) tabsEl.scrollLeft = w.offsetLeft;
    else if (w.offsetLeft + w.offsetWidth > tabsEl.scrollLeft + tabsEl.clientWidth) tabsEl.scrollLeft = w.offsetLeft + w.offsetWidth - tabsEl.clientWidth;
  }
}
const drawTabsSoon = debounce(() => { const t = current(); const b = t && $('tab-' + t.id); if (b && b.textContent !== t.title) drawTabs(); }, 300);

function switchTo(id) {
  const prev = current();
  if (prev) { prev.variables = $('variables').value; prev.headers = $('headers').value; }
  active = id;
  const t = current();
  editor.value = t.query;
  $('variables').value = t.variables;
  $('headers').value = t.headers;
  checkJSONInputs();
  drawTabs();
  showResponse(t);
  selectSub(null, t.view === 'view-gallery' ? 'view-gallery' : 'view-result');
  revalidate();
  save();
}
function addTab(query, variables, headers) {
  const t = newTab(query, variables, headers);
  const k = tabs.findIndex(x => x.id === active);
  tabs.splice(k + 1, 0, t);
  switchTo(t.id);
  editor.focus();
  return t;
}
function closeTab(id) {
  if (tabs.length < 2) return;
  const k = tabs.findIndex(t => t.id === id);
  tabs.splice(k, 1);
  if (active === id) { active = null; switchTo(tabs[Math.max(0, k - 1)].id); } else { drawTabs(); save(); }
}
/** A blank tab, the caret inside its braces (line 2, column 3). */
function addBlankTab() { addTab('{\n  \n}\n', '', ''); editor.goTo(2, 3); }
$('tab-add').addEventListener('click', addBlankTab);

// ---------------------------------------------------------- validation

const diagEl = $('diagnostics');
function drawDiagnostics() {
  const src = editor.value;
  const { diagnostics, parsed } = validate(src, schema);
  picker.setDocument(parsed && parsed.doc);
  drawVariablesHint(parsed);
  varsEditor.read();
  editor.setDiagnostics(diagnostics);
  diagEl.innerHTML = '';
  diagEl.classList.toggle('has-problems', diagnostics.length > 0);
  for (const d of diagnostics.slice(0, 5)) {
    const { line, column } = lineCol(src, d.start);
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'diag ' + d.severity;
    b.textContent = `${line}:${column} ${d.message}`;
    b.addEventListener('click', () => editor.goTo(line, column));
    diagEl.appendChild(b);
  }
  if (diagnostics.length > 5) diagEl.appendChild(Object.assign(document.createElement('span'), { className: 'diag more', textContent: `and ${diagnostics.length - 5} more` }));
}
const revalidate = debounce(drawDiagnostics, 120);

/** The variables pane's placeholder lists the variables the query declares. */
function drawVariablesHint(parsed) {
  const ops = operations(parsed && parsed.doc);
  const defs = ops.flatMap(o => o.variableDefinitions);
  const ta = $('variables');
  if (!defs.length) { ta.placeholder = '{ }  (this query declares no variables)'; return; }
  const typeOf = (t) => (t.kind === 'NonNullType' ? typeOf(t.type) + '!' : t.kind === 'ListType' ? '[' + typeOf(t.type) + ']' : t.name.value);
  ta.placeholder = '{\n' + defs.map(d => `  "${d.variable.name.value}": …   ${typeOf(d.type)}${d.defaultValue ? ' (has a default)' : ''}`).join('\n') + '\n}';
}

function doPrettify() {
  const lost = {};
  const out = prettify(editor.value, lost);
  // A document that does not parse is left as it is, with the parser's own error.
  if (out == null) { drawDiagnostics(); return; }
  if (out + '\n' !== editor.value) editor.replaceAll(out + '\n');
  if (lost.count) flash(`Prettify kept the comments between fields and definitions, and dropped ${lost.count} inside arguments or directives (Ctrl+Z undoes).`);
}
function flash(message) {
  diagEl.innerHTML = '';
  const p = document.createElement('span'); p.className = 'diag error'; p.textContent = message;
  diagEl.appendChild(p);
}

// ---------------------------------------------------- variables, headers

function readJSON(id, what) {
  if (id === 'variables') return varsEditor.read();
  const text = $(id).value.trim();
  const errEl = $(id + '-error');
  if (!text) { errEl.textContent = ''; $(id).removeAttribute('aria-invalid'); return { value: undefined }; }
  try {
    const v = JSON.parse(text);
    if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error(`${what} must be a JSON object`);
    if (id === 'headers') for (const [k, x] of Object.entries(v)) if (typeof x !== 'string') throw new Error(`header "${k}" must be a string`);
    errEl.textContent = ''; $(id).removeAttribute('aria-invalid');
    return { value: v };
  } catch (e) {
    errEl.textContent = `${what}: ${e.message}`;
    $(id).setAttribute('aria-invalid', 'true');
    return { error: e.message };
  }
}
function checkJSONInputs() { readJSON('variables', 'Variables'); readJSON('headers', 'Headers'); }
for (const id of ['variables', 'headers']) {
  const ta = $(id);
  const check = debounce(() => readJSON(id, id === 'headers' ? 'Headers' : 'Variables'), 200);
  ta.addEventListener('input', () => { const t = current(); if (t) t[id] = ta.value; check(); saveSoon(); });
  ta.addEventListener('keydown', (e) => {
    if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') { e.preventDefault(); run(); }
  });
}

// -------------------------------------------------------------- running

/** The operation to run: the one picked beside Run, else the one under
 *  the caret, else the only one. */
function operationName(src) {
  return picker.choose(operations(parse(src).doc));
}

async function run() {
  const tab = current();
  if (!tab) return;
  tab.variables = $('variables').value; tab.headers = $('headers').value;
  const vars = readJSON('variables', 'Variables');
  const hdrs = readJSON('headers', 'Headers');
  if (vars.error || hdrs.error) { selectSub('settings', vars.error ? 'tab-variables' : 'tab-headers'); panes.expand('vars'); return; }
  fillMissingLeafs();
  panes.expand('main');  // a collapsed response pane comes back to show the answer
  const query = editor.value;
  const body = { query };
  if (vars.value) body.variables = vars.value;
  const op = operationName(query);
  if (op) body.operationName = op;
  document.body.dataset.state = 'running';
  $('run').setAttribute('aria-busy', 'true');
  $('meta-status').textContent = 'Running…'; $('meta-status').className = 'status';
  $('meta-time').textContent = ''; $('meta-size').textContent = '';
  const started = performance.now();
  const ticket = (tab.ticket || 0) + 1;
  tab.ticket = ticket;
  let response;
  try {
    const res = await fetch(ENDPOINT, {
      method: 'POST',
      headers: Object.assign({ Accept: 'application/graphql-response+json, application/json, multipart/mixed' }, hdrs.value || {}, { 'Content-Type': 'application/json' }),
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
    if ((res.headers.get('content-type') || '').startsWith('multipart/mixed')) {
      // An answer in parts (@defer, @stream): the result view follows each part as it arrives.
      response = await readParts(res, started, (partial) => {
        if (tab.ticket !== ticket) return;
        tab.response = partial;
        if (tab.id === active) showResponse(tab);
      });
      addHistory({ query, variables: tab.variables, headers: tab.headers, operationName: op, at: Date.now() }, response);
      if (tab.ticket !== ticket) return;
      tab.response = response;
      $('run').removeAttribute('aria-busy');
      if (tab.id === active) showResponse(tab);
      document.body.dataset.state = 'done';
      return;
    }
    const buf = await res.arrayBuffer();
    const ms = performance.now() - started;
    const text = new TextDecoder().decode(buf);
    let json; let parseError = null;
    try { json = JSON.parse(text); } catch (e) { parseError = e.message; }
    response = { status: res.status, statusText: res.statusText, ms, bytes: buf.byteLength, text, json, parseError, contentType: res.headers.get('content-type') || '' };
  } catch (e) {
    response = { status: 0, statusText: 'Network error', ms: performance.now() - started, bytes: 0, text: String(e && e.message || e), json: undefined, parseError: 'no response' };
  }
  addHistory({ query, variables: tab.variables, headers: tab.headers, operationName: op, at: Date.now() }, response);
  if (tab.ticket !== ticket) return;  // a later run of this tab has started: its answer wins
  tab.response = response;
  $('run').removeAttribute('aria-busy');
  if (tab.id === active) showResponse(tab);
  document.body.dataset.state = 'done';
}

/** Reads a multipart/mixed answer (boundary "-": each part CRLF---CRLF, headers, a blank line,
 *  JSON; CRLF-----CRLF at the end), merging graphql-js 17's payloads into one result as they
 *  come; `onPart` gets the response so far after each part. Resolves to the final response. */
async function readParts(res, started, onPart) {
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  const parts = [];          // { ms, bytes } of each part
  const merged = { data: null };
  const paths = new Map();   // pending id → path
  let errors = [];
  let done = false;
  const remember = (payload) => {
    for (const p of payload.pending || []) paths.set(p.id, p.path || []);
  };
  const at = (path) => {
    let node = merged.data;
    for (const key of path) { if (node == null) return null; node = node[key]; }
    return node;
  };
  const mergeInto = (target, extra) => {
    for (const [k, v] of Object.entries(extra)) {
      if (v && typeof v === 'object' && !Array.isArray(v) && target[k] && typeof target[k] === 'object') mergeInto(target[k], v);
      else if (!(k in target)) target[k] = v;
    }
  };
  const apply = (payload, first) => {
    if (first) { merged.data = payload.data === undefined ? null : payload.data; errors = payload.errors || []; }
    remember(payload);
    for (const entry of payload.incremental || []) {
      const path = paths.get(entry.id) || [];
      if (entry.errors) errors = errors.concat(entry.errors);
      if (Array.isArray(entry.items)) {
        const list = at(path);
        if (Array.isArray(list)) list.push(...entry.items);
      } else if (entry.data) {
        const target = at(path.concat(entry.subPath || []));
        if (target && typeof target === 'object') mergeInto(target, entry.data);
      }
    }
    for (const c of payload.completed || []) if (c.errors) errors = errors.concat(c.errors);
  };
  const snapshot = (hasNext) => {
    const json = errors.length ? { errors, data: merged.data } : { data: merged.data };
    const ms = performance.now() - started;
    return {
      status: res.status, statusText: res.statusText, ms, bytes, json, parseError: null,
      text: JSON.stringify(json), contentType: res.headers.get('content-type') || '', parts: parts.slice(), hasNext,
    };
  };
  let last = snapshot(true);
  while (!done) {
    const { value, done: ended } = await reader.read();
    if (ended) break;
    bytes += value.byteLength;
    text += decoder.decode(value, { stream: true });
    // Complete parts: those followed by the next boundary (or the end).
    for (;;) {
      const start = text.indexOf('---\r\n');
      if (start < 0) break;
      const next = text.indexOf('\r\n---', start + 5);
      if (next < 0) break;
      const part = text.slice(start + 5, next);
      const end = text.startsWith('\r\n-----', next);
      text = text.slice(next + 2);
      const blank = part.indexOf('\r\n\r\n');
      if (blank >= 0) {
        let payload = null;
        try { payload = JSON.parse(part.slice(blank + 4)); } catch (e) { payload = null; }
        if (payload) {
          apply(payload, parts.length === 0);
          parts.push({ ms: performance.now() - started, bytes: part.length });
          last = snapshot(payload.hasNext !== false);
          onPart(last);
        }
      }
      if (end) { done = true; break; }
    }
  }
  return last;
}

let galleryImages = [];
const galleryCount = (n) => { $('gallery-count').textContent = String(n); };
function showResponse(tab) {
  const r = tab && tab.response;
  drawFromHistory(r);
  const resultEl = $('result');
  const statusEl = $('meta-status');
  // Expand, Collapse and Copy only once there is a result to act on.
  $('result-tools').hidden = !r;
  $('expand-all').hidden = $('collapse-all').hidden = !r || r.json === undefined;
  if (!r) {
    statusEl.textContent = ''; statusEl.className = 'status';
    $('meta-time').textContent = ''; $('meta-size').textContent = '';
    resultEl.innerHTML = '<p class="placeholder">Run a query with <kbd>Ctrl</kbd>+<kbd>Enter</kbd> or the Run button. Open <em>Examples</em> for ideas.</p>';
    renderErrors($('errors'), null);
    galleryImages = [];
    renderGallery($('gallery'), $('gallery-note'), [], () => {}, galleryCount);
    $('gallery-note').textContent = 'Run a query to see its pictures.';
    drawPager(null);
    return;
  }
  statusEl.textContent = r.status ? `${r.status} ${r.statusText || ''}`.trim() : 'Network error';
  statusEl.className = 'status ' + (r.status >= 200 && r.status < 300 ? 'ok' : 'bad');
  const msText = (ms) => `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
  $('meta-time').textContent = msText(r.ms);
  if (r.parts && r.parts.length) {
    // An answer in parts: when each arrived.
    $('meta-time').textContent = `${r.parts.length} part${r.parts.length > 1 ? 's' : ''}${r.hasNext ? ' so far' : ''}: `
      + r.parts.map(p => msText(p.ms)).join(', ');
  }
  $('meta-size').textContent = formatBytes(r.bytes);
  const errors = r.json && Array.isArray(r.json.errors) ? r.json.errors : null;
  renderErrors($('errors'), errors, (l, c) => editor.goTo(l, c));
  if (r.json === undefined) {
    resultEl.innerHTML = '';
    const p = document.createElement('p'); p.className = 'raw-note';
    p.textContent = r.status ? `The response is not JSON (${r.parseError}; content type "${r.contentType}"):` : `The request failed: ${r.text}`;
    const pre = document.createElement('pre'); pre.className = 'raw'; pre.textContent = r.status ? r.text : '';
    resultEl.append(p, pre);
    galleryImages = [];
  } else {
    const errorPaths = new Map();
    for (const e of errors || []) if (e && Array.isArray(e.path)) errorPaths.set(formatPath(['data'].concat(e.path)), e.message);
    galleryImages = collectImages(r.json);
    renderJSON(resultEl, r.json, errorPaths, (url) => {
      const k = galleryImages.findIndex(g => g.url === url);
      viewer.open(galleryImages, Math.max(0, k));
    });
  }
  renderGallery($('gallery'), $('gallery-note'), galleryImages, (shown, k) => viewer.open(shown, k), galleryCount);
  drawBlockedNote();
  drawPager(r);
}

/** "from history" in the response's status line, for a stored response. */
function drawFromHistory(r) {
  let el = $('meta-history');
  if (!el) { el = Object.assign(document.createElement('span'), { id: 'meta-history', className: 'from-history' }); $('meta-size').after(el); }
  el.textContent = r && r.fromHistory ? `from history, ${new Date(r.fromHistory).toLocaleString()}` : '';
}

/** Prev/next page buttons when the variables have numeric limit and skip
 *  and the response says hasMore (the "page by page" screens). */
function drawPager(r) {
  const bar = $('response-meta');
  for (const old of bar.querySelectorAll('.pager')) old.remove();
  if (!r || !r.json) return;
  let vars; try { vars = JSON.parse($('variables').value || '{}'); } catch (e) { return; }
  if (!vars || typeof vars.limit !== 'number' || typeof vars.skip !== 'number') return;
  const hasMore = /"hasMore"\s*:\s*true/.test(r.text);
  const mk = (label, skip) => {
    const b = document.createElement('button');
    b.type = 'button'; b.className = 'btn ghost small pager'; b.textContent = label;
    b.addEventListener('click', () => {
      vars.skip = Math.max(0, skip);
      $('variables').value = JSON.stringify(vars, null, 2);
      const t = current(); if (t) t.variables = $('variables').value;
      saveSoon(); run();
    });
    bar.appendChild(b);
  };
  if (vars.skip > 0) mk('‹ Previous page', vars.skip - vars.limit);
  if (hasMore) mk('Next page ›', vars.skip + Math.max(1, vars.limit));
}

$('run').addEventListener('click', () => run());
$('prettify').addEventListener('click', () => doPrettify());
$('expand-all').addEventListener('click', () => setAllExpanded($('result'), true));
$('collapse-all').addEventListener('click', () => setAllExpanded($('result'), false));
$('copy-result').addEventListener('click', async () => {
  const t = current();
  if (!t || !t.response) return;
  const text = t.response.json !== undefined ? JSON.stringify(t.response.json, null, 2) : t.response.text;
  try { await navigator.clipboard.writeText(text); $('copy-result').textContent = 'Copied'; } catch (e) { $('copy-result').textContent = 'Copy failed'; }
  setTimeout(() => { $('copy-result').textContent = 'Copy JSON'; }, 1500);
});

// ---------------------------------------------------------------- history

// Each run is kept with its response (history.js has the bounds); opening
// an entry shows that response without running again.
function addHistory(entry, response) {
  if (!rememberHeaders()) entry.headers = '';
  addRun(entry, response);
  if (!$('history-panel').hidden) drawHistory();
}
function drawHistory() {
  renderHistory($('history-list'), {
    title: (h) => h.operationName || titleOf(h.query || ''),
    open: (h) => {
      editor.replaceAll(h.query || '');
      $('variables').value = h.variables || ''; $('headers').value = h.headers || '';
      const t = current(); if (t) { t.variables = $('variables').value; t.headers = $('headers').value; }
      checkJSONInputs(); saveSoon();
      if (h.operationName) picker.pick(h.operationName);
      if (t) { t.response = responseOf(h); showResponse(t); }
      if (t && !t.response) $('result').querySelector('.placeholder').textContent = 'This run\'s response was not kept; run it again with Ctrl+Enter.';
      if (matchMedia('(max-width: 1100px)').matches) closeSide();
    },
  });
}
$('remember-headers').checked = rememberHeaders();
$('remember-headers').addEventListener('change', (e) => {
  if (e.target.checked) store.set(KEYS.rememberHeaders, true);
  else {
    try { localStorage.removeItem(KEYS.rememberHeaders); } catch (err) { /* ignore */ }
    store.set(KEYS.history, store.get(KEYS.history, []).map(h => Object.assign({}, h, { headers: '' })));
  }
  save();
});
$('history-clear').addEventListener('click', () => { clearHistory(); drawHistory(); });

// --------------------------------------------------------------- examples

function drawExamples() {
  const ul = $('examples-list');
  ul.innerHTML = '';
  EXAMPLES.forEach((ex) => {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button'; b.className = 'example';
    const t = document.createElement('span'); t.className = 'ex-title'; t.textContent = ex.title;
    const d = document.createElement('span'); d.className = 'ex-desc'; d.textContent = ex.description;
    b.append(t, d);
    // The panel closes on choosing (it would hide the tab's response), the caret in the editor.
    b.addEventListener('click', () => {
      addTab(ex.query, ex.variables ? JSON.stringify(ex.variables, null, 2) : '', '');
      closeSide();
      editor.focus();
    });
    li.appendChild(b);
    ul.appendChild(li);
  });
}

// ------------------------------------------------------------- side panel

const PANELS = { docs: 'Docs', history: 'History', examples: 'Examples', help: 'Keyboard shortcuts' };
let sidePanel = null;
// At phone width the panel covers the page: it is modal then, the rest inert.
const phone = matchMedia('(max-width: 760px)');
const BEHIND_SIDE = ['.skip-link', '.topbar', '.query-pane', '.response-pane'];
function drawModal() {
  const modal = !!sidePanel && phone.matches;
  for (const sel of BEHIND_SIDE) document.querySelector(sel).inert = modal;
  $('side').setAttribute('role', modal ? 'dialog' : 'complementary');
  if (modal) { $('side').setAttribute('aria-modal', 'true'); $('side').setAttribute('aria-labelledby', 'side-title'); }
  else { $('side').removeAttribute('aria-modal'); $('side').removeAttribute('aria-labelledby'); }
  if (modal && !$('side').contains(document.activeElement)) $('side-close').focus();
}
phone.addEventListener('change', drawModal);
$('side').addEventListener('keydown', (e) => {
  if (e.key !== 'Tab' || !sidePanel || !phone.matches) return;
  const all = [...$('side').querySelectorAll('button, input, textarea, select, a[href], [tabindex]')]
    .filter(x => x.tabIndex >= 0 && !x.disabled && x.getClientRects().length);
  if (!all.length) return;
  const first = all[0]; const last = all[all.length - 1];
  if (e.shiftKey && document.activeElement === first) { e.preventDefault(); last.focus(); }
  else if (!e.shiftKey && document.activeElement === last) { e.preventDefault(); first.focus(); }
});
function openSide(name, keepCollapsed) {
  sidePanel = name;
  $('side').hidden = false;
  document.body.classList.add('side-open');
  $('side-title').textContent = PANELS[name];
  for (const p of Object.keys(PANELS)) {
    $(p + '-panel').hidden = p !== name;
    $('open-' + p).setAttribute('aria-expanded', String(p === name));
  }
  if (name === 'history') drawHistory();
  if (name === 'examples') drawExamples();
  if (name === 'docs') docs.render();
  drawModal();
  panes.setPanel(name);
  if (!keepCollapsed) panes.expand('side');
}
function closeSide() {
  if (!sidePanel) return;
  const was = sidePanel;
  sidePanel = null;
  panes.setPanel(null);
  $('side').hidden = true;
  document.body.classList.remove('side-open');
  for (const p of Object.keys(PANELS)) $('open-' + p).setAttribute('aria-expanded', 'false');
  drawModal();
  $('open-' + was).focus();
}
for (const p of Object.keys(PANELS)) {
  $('open-' + p).addEventListener('click', () => {
    if (sidePanel === p) { if (!panes.expand('side')) closeSide(); return; }
    openSide(p);
    const first = p === 'docs' ? $('docs-search') : ($(p + '-panel').querySelector('button') || $('side-close'));
    if (first) first.focus();
  });
}
$('side-close').addEventListener('click', closeSide);

// --------------------------------------------------------------- sub-tabs

function selectSub(group, id) {
  const list = $(id).parentElement;
  // The Result/Gallery choice belongs to the tab.
  if (id === 'view-result' || id === 'view-gallery') { const t = current(); if (t) t.view = id; }
  for (const b of list.querySelectorAll('[role=tab]')) {
    const on = b.id === id;
    b.setAttribute('aria-selected', String(on));
    b.tabIndex = on ? 0 : -1;
    $(b.getAttribute('aria-controls')).hidden = !on;
  }
}
for (const list of document.querySelectorAll('.subtabs')) {
  const buttons = [...list.querySelectorAll('[role=tab]')];
  buttons.forEach((b, k) => {
    b.addEventListener('click', () => selectSub(list, b.id));
    b.addEventListener('keydown', (e) => {
      if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
      e.preventDefault();
      const n = buttons[(k + (e.key === 'ArrowRight' ? 1 : -1) + buttons.length) % buttons.length];
      selectSub(list, n.id); n.focus();
    });
  });
}

// ------------------------------------------------------------------ theme

const systemDark = matchMedia('(prefers-color-scheme: dark)');
function effectiveTheme() {
  const forced = document.documentElement.getAttribute('data-theme');
  return forced === 'dark' || forced === 'light' ? forced : (systemDark.matches ? 'dark' : 'light');
}
function drawTheme() {
  const dark = effectiveTheme() === 'dark';
  const b = $('theme-toggle');
  b.setAttribute('aria-pressed', String(dark));
  b.title = dark ? 'Switch to light mode' : 'Switch to dark mode';
  document.documentElement.classList.toggle('dark', dark);
}
$('theme-toggle').addEventListener('click', () => {
  const next = effectiveTheme() === 'dark' ? 'light' : 'dark';
  const system = systemDark.matches ? 'dark' : 'light';
  if (next === system) {
    document.documentElement.removeAttribute('data-theme');
    try { localStorage.removeItem(KEYS.theme); } catch (e) { /* ignore */ }
  } else {
    document.documentElement.setAttribute('data-theme', next);
    try { localStorage.setItem(KEYS.theme, next); } catch (e) { /* ignore */ }
  }
  drawTheme();
});
systemDark.addEventListener('change', drawTheme);

// The server's Content-Security-Policy may keep images of other origins out
// (default-src 'self' does): say so instead of showing blank tiles.
let imagesBlocked = false;
document.addEventListener('securitypolicyviolation', (e) => {
  if (!/^(img-src|default-src)/.test(e.effectiveDirective || e.violatedDirective || '')) return;
  if (!galleryImages.some(g => e.blockedURI && g.url.startsWith(e.blockedURI))) return;
  imagesBlocked = true;
  drawBlockedNote();
});
function drawBlockedNote() {
  if (!imagesBlocked || !galleryImages.length) return;
  $('gallery-note').textContent = 'This server\'s Content-Security-Policy keeps images from other sites out of this page; the tiles below still name each URL, and the viewer shows the address to open it yourself.';
}

// ------------------------------------- variables editor, hover help, leafs

/** The operation Run would run (the one under the caret, else the first). */
function runOperation() {
  const ops = operations(parse(editor.value).doc);
  const name = ops.length > 1 && operationName(editor.value);
  return ops.find(o => name && o.name && o.name.value === name) || ops[0] || null;
}
const varsEditor = new VariablesEditor({ schema: () => schema, operation: runOperation });

// Hover help over the query: the problems marked there, and the schema's word.
new HoverTip(editor.input, editor.measure, (pos, atCaret) => {
  const problems = editor.diagnostics.filter(d => d.start <= pos && pos < Math.max(d.end + (atCaret ? 1 : 0), d.start + 1));
  const info = hoverAt(editor.value, pos, schema) || problems[0];
  return info && Object.assign({}, info, { problems });
});

// Run fills object fields that lack a selection with their leaf fields (as
// GraphiQL does) and says so; Ctrl+Z undoes it.
const notice = Object.assign(document.createElement('p'), { className: 'editor-notice', id: 'editor-notice', hidden: true });
notice.setAttribute('role', 'status');
$('diagnostics').after(notice);
editor.input.addEventListener('input', () => { if (!notice.filling) notice.hidden = true; });
function fillMissingLeafs() {
  const r = fillLeafs(editor.value, schema);
  if (!r) return;
  notice.filling = true;
  editor.replace(r.from, r.to, r.text, r.map(editor.input.selectionStart));
  notice.filling = false;
  notice.textContent = `Filled in what a selection lacked: ${r.filled.map(f => `${f.name} { ${f.fields.join(' ')} }`).join(', ')} (Ctrl+Z undoes).`;
  notice.hidden = false;
}

// ----------------------------------------------------------------- schema

async function loadSchema() {
  const status = $('schema-status');
  status.textContent = 'Loading schema…';
  status.className = 'schema-status';
  document.body.dataset.schema = 'loading';
  const hdrs = readJSON('headers', 'Headers');
  try {
    const res = await fetch(ENDPOINT, {
      method: 'POST',
      headers: Object.assign({ Accept: 'application/graphql-response+json, application/json' }, hdrs.value || {}, { 'Content-Type': 'application/json' }),
      body: JSON.stringify({ query: INTROSPECTION_QUERY, operationName: 'IntrospectionQuery' }),
    });
    const json = await res.json();
    if (!json || !json.data || !json.data.__schema) throw new Error(json && json.errors && json.errors[0] ? json.errors[0].message : `HTTP ${res.status}`);
    schema = new Schema(json.data.__schema);
    const n = [...schema.types.values()].filter(t => !t.name.startsWith('__')).length;
    status.textContent = `Schema: ${n} types`;
    status.classList.add('ok');
    document.body.dataset.schema = 'ready';
  } catch (e) {
    schema = null;
    status.textContent = `Schema unavailable (${e.message}); completion and checks are off.`;
    status.classList.add('bad');
    document.body.dataset.schema = 'error';
  }
  docs.setSchema(schema);
  revalidate();
}
$('reload-schema').addEventListener('click', loadSchema);

// --------------------------------------------------------------- keyboard

document.addEventListener('keydown', (e) => {
  const mod = e.ctrlKey || e.metaKey;
  if (e.key === 'Escape') {
    if (viewer.dialog.open) return;
    if (document.activeElement === $('editor-input')) return;
    if (sidePanel) { e.preventDefault(); closeSide(); }
    return;
  }
  if (mod && e.key === 'Enter' && document.activeElement !== $('editor-input')) { e.preventDefault(); run(); return; }
  if (mod && e.shiftKey && (e.key === 'P' || e.key === 'p')) { e.preventDefault(); doPrettify(); return; }
  if (e.altKey && !mod && (e.key === 'n' || e.code === 'KeyN')) { e.preventDefault(); addBlankTab(); }
});

// ------------------------------------------------------------------ start

load();
// Headers stored before "Remember headers" existed (or while it was on)
// leave local storage now; this page keeps them in memory.
if (!rememberHeaders()) {
  const h = store.get(KEYS.history, []);
  if (Array.isArray(h) && h.some(e => e && e.headers)) store.set(KEYS.history, h.map(e => Object.assign({}, e, { headers: '' })));
  const saved = store.get(KEYS.tabs, null);
  if (saved && Array.isArray(saved.tabs) && saved.tabs.some(t => t && t.headers)) save();
}
drawTheme();
const startTab = current();
editor.value = startTab.query;
$('variables').value = startTab.variables;
$('headers').value = startTab.headers;
drawTabs();
showResponse(startTab);
if (panes.savedPanel() && PANELS[panes.savedPanel()]) openSide(panes.savedPanel(), true);
loadSchema();
document.body.dataset.state = 'idle';

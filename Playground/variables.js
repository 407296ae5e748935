// The variables pane: JSON with ranges, each value checked against its
// declared type (GraphQL input coercion, graphql-js's messages), completion
// of the declared names, "Fill variables", and the pane's editor (a
// transparent <textarea> over a highlighted <pre>, as the query editor).

import { typeString, suggest, didYouMean, refFromAst } from '/playground/schema.js';
import { lineCol } from '/playground/lang.js';
import { HoverTip } from '/playground/assist.js';

const LEX = /([ \t\n\r]+)|("(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*")|("(?:[^"\\\n\r]|\\.)*"?)|(-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?(?![\w.]))|(\w+)|([{}[\]:,])|([^])/y;

/** JSON tokens {kind: punct|string|number|word|error, start, end, text,
 *  message?}; never throws. */
export function jsonTokens(src) {
  const out = [];
  let m;
  LEX.lastIndex = 0;
  while ((m = LEX.exec(src))) {
    if (m[1]) continue;
    const t = { start: m.index, end: LEX.lastIndex, text: m[0], kind: m[2] ? 'string' : m[4] ? 'number' : m[6] ? 'punct' : 'error' };
    if (m[5]) { if (/^(true|false|null)$/.test(t.text)) t.kind = 'word'; else t.message = `Unexpected "${t.text}" (strings need double quotes)`; }
    if (m[3]) t.message = 'Unterminated string or bad escape';
    if (m[7]) t.message = `Unexpected character ${JSON.stringify(t.text)}`;
    out.push(t);
  }
  return out;
}

/** Parses JSON keeping ranges: {node, error}. A node is {kind: object|
 *  array|string|number|bool|null, start, end, value | entries [{key,
 *  start, end, node}] | items}; `error` {start, end, message}. */
export function parseJSON(src) {
  const tokens = jsonTokens(src);
  let p = 0;
  const fail = (t, what) => {
    const at = t || tokens[tokens.length - 1];
    throw { start: at.start, end: at.end, message: t ? t.message || `Expected ${what}, found ${t.text}` : `Unexpected end of JSON: expected ${what}` };
  };
  const is = (v, at = p) => tokens[at] && tokens[at].text === v && tokens[at].kind === 'punct';
  function value() {
    const t = tokens[p++];
    const n = t && { start: t.start, end: t.end };
    if (!t || t.kind === 'error' || (t.kind === 'punct' && t.text !== '{' && t.text !== '[')) fail(t, 'a value');
    if (t.kind !== 'punct') return Object.assign(n, { kind: t.kind === 'word' ? (t.text === 'null' ? 'null' : 'bool') : t.kind, value: JSON.parse(t.text) });
    const obj = t.text === '{'; const close = obj ? '}' : ']';
    Object.assign(n, obj ? { kind: 'object', entries: [] } : { kind: 'array', items: [] });
    while (!is(close)) {
      if (obj) {
        const k = tokens[p++];
        if (!k || k.kind !== 'string') fail(k, 'a "quoted" key');
        if (!is(':')) fail(tokens[p], '":"');
        p++;
        n.entries.push({ key: JSON.parse(k.text), start: k.start, end: k.end, node: value() });
      } else n.items.push(value());
      if (!is(',')) { if (!is(close)) fail(tokens[p], `"," or "${close}"`); } else if (is(close, ++p)) fail(tokens[p], 'no "," before it');
    }
    n.end = tokens[p++].end;
    return n;
  }
  try {
    const node = tokens.length ? value() : null;
    if (p < tokens.length) fail(tokens[p], 'the end');
    return { node, error: null };
  } catch (e) {
    if (e instanceof Error) throw e;
    return { node: null, error: e };
  }
}

/** A value as graphql-js's inspect() prints it. */
const inspect = (v) => (Array.isArray(v) ? `[${v.map(inspect).join(', ')}]` : v && typeof v === 'object'
  ? (Object.keys(v).length ? `{ ${Object.entries(v).map(([k, x]) => `${k}: ${inspect(x)}`).join(', ')} }` : '{}') : JSON.stringify(v));
const plain = (n) => (n.kind === 'object' ? Object.fromEntries(n.entries.map(e => [e.key, plain(e.node)])) : n.kind === 'array' ? n.items.map(plain) : n.value);
const astText = (t) => (t.kind === 'NonNullType' ? astText(t.type) + '!' : t.kind === 'ListType' ? `[${astText(t.type)}]` : t.name.value);
const NO_SCHEMA = { type: () => null };

/**
 * Checks the variables text against the operation's definitions (input
 * coercion: Int range, Float, String, Boolean, ID, enums, input objects,
 * lists with single values, required variables). Returns {diagnostics:
 * [{start, end, message, severity}], value} (value: the parsed object).
 */
export function checkVariables(src, op, schema) {
  const out = [];
  const err = (at, message, severity = 'error') => out.push({ start: at.start, end: at.end, message, severity });
  const { node, error } = parseJSON(src);
  if (error) { err({ start: error.start, end: Math.max(error.end, error.start + 1) }, 'Invalid JSON: ' + error.message); return { diagnostics: out }; }
  if (node && node.kind !== 'object') { err(node, 'Variables must be a JSON object ({ "name": value }).'); return { diagnostics: out }; }
  const given = new Map((node ? node.entries : []).map(e => [e.key, e]));
  const defs = op ? op.variableDefinitions : [];
  for (const d of defs) {
    const name = d.variable.name.value;
    const e = given.get(name);
    if (!e) { if (d.type.kind === 'NonNullType' && !d.defaultValue) err(node ? { start: node.start, end: node.start + 1 } : { start: 0, end: 0 }, `Variable "$${name}" of required type "${astText(d.type)}" was not provided.`); }
    else if (e.node.kind === 'null' && d.type.kind === 'NonNullType') err(e.node, `Variable "$${name}" of non-null type "${astText(d.type)}" must not be null.`);
    else if (schema) {
      coerce(e.node, refFromAst(d.type, schema), [], schema, (at, path, msg) => err(at, `Variable "$${name}" got invalid value ${inspect(plain(path.node))}`
        + (path.length ? ` at "${name}${path.map(k => (typeof k === 'number' ? `[${k}]` : '.' + k)).join('')}"` : '') + '; ' + msg));
    }
  }
  const names = defs.map(d => d.variable.name.value);
  if (op) for (const e of given.values()) if (!names.includes(e.key)) err(e, `"${e.key}" is not a variable of ${op.name ? `operation "${op.name.value}"` : 'this operation'}.` + didYouMean(suggest(e.key, names)), 'warning');
  return { diagnostics: out.sort((a, b) => a.start - b.start), value: node ? plain(node) : undefined };
}

/** Coerces one node to a type reference; report(range, path (with .node,
 *  the value in question), message) for each problem. */
function coerce(n, ref, path, schema, report) {
  const at = Object.assign(path.slice(), { node: n });
  if (ref.kind === 'NON_NULL') {
    if (n.kind === 'null') report(n, at, `Expected non-nullable type "${typeString(ref)}" not to be null.`);
    else coerce(n, ref.ofType, path, schema, report);
    return;
  }
  if (n.kind === 'null') return;
  if (ref.kind === 'LIST') {
    if (n.kind !== 'array') coerce(n, ref.ofType, path, schema, report);
    else n.items.forEach((x, k) => coerce(x, ref.ofType, path.concat(k), schema, report));
    return;
  }
  const t = schema.type(ref.name);
  if (!t) return;
  const v = n.value;
  const show = inspect(plain(n));
  if (t.kind === 'INPUT_OBJECT') {
    if (n.kind !== 'object') { report(n, at, `Expected type "${t.name}" to be an object.`); return; }
    const fields = t.inputFields || [];
    for (const f of fields) {
      const e = n.entries.find(x => x.key === f.name);
      if (e) coerce(e.node, f.type, path.concat(f.name), schema, report);
      else if (f.type.kind === 'NON_NULL' && f.defaultValue == null) report({ start: n.start, end: n.start + 1 }, at, `Field "${f.name}" of required type "${typeString(f.type)}" was not provided.`);
    }
    for (const e of n.entries) if (!fields.some(f => f.name === e.key)) report(e, at, `Field "${e.key}" is not defined by type "${t.name}".` + didYouMean(suggest(e.key, fields.map(f => f.name))));
    return;
  }
  if (t.kind === 'ENUM') {
    const names = t.enumValues.map(x => x.name);
    if (n.kind !== 'string') report(n, at, `Enum "${t.name}" cannot represent non-string value: ${show}.` + didYouMean('the enum value', suggest(show, names)));
    else if (!names.includes(v)) report(n, at, `Value "${v}" does not exist in "${t.name}" enum.` + didYouMean('the enum value', suggest(v, names)));
    return;
  }
  const int = n.kind === 'number' && Number.isInteger(v);
  const bad = {
    Int: !int ? 'Int cannot represent non-integer value' : v > 2147483647 || v < -2147483648 ? 'Int cannot represent non 32-bit signed integer value' : '',
    Float: n.kind !== 'number' || !Number.isFinite(v) ? 'Float cannot represent non numeric value' : '',
    String: n.kind !== 'string' ? 'String cannot represent a non string value' : '',
    Boolean: n.kind !== 'bool' ? 'Boolean cannot represent a non boolean value' : '',
    ID: n.kind !== 'string' && !int ? 'ID cannot represent value' : '',
  }[t.name];
  if (bad) report(n, at, `${bad}: ${show}`);
}

/** A value to start from: 0, "", false, the first enum value, [], an
 *  input object with its required fields. */
export function placeholder(ref, schema, depth = 0) {
  if (ref.kind === 'NON_NULL') return placeholder(ref.ofType, schema, depth);
  if (ref.kind === 'LIST') return [];
  const t = schema.type(ref.name);
  if (t && t.kind === 'ENUM') return t.enumValues.length ? t.enumValues[0].name : '';
  if (t && t.kind === 'INPUT_OBJECT') {
    return Object.fromEntries(depth > 3 ? [] : (t.inputFields || []).filter(f => f.type.kind === 'NON_NULL' && f.defaultValue == null).map(f => [f.name, placeholder(f.type, schema, depth + 1)]));
  }
  return { Int: 0, Float: 0, Boolean: false }[ref.name] ?? '';
}

/** A GraphQL constant (a default value) as JSON. */
const literal = (v) => (v.kind === 'IntValue' || v.kind === 'FloatValue' ? Number(v.value) : v.kind === 'ListValue' ? v.values.map(literal)
  : v.kind === 'ObjectValue' ? Object.fromEntries(v.fields.map(f => [f.name.value, literal(f.value)])) : v.kind === 'NullValue' ? null : v.value);

/** What "Fill variables" writes: each declared variable with the value
 *  typed, else its default, else a placeholder; other keys typed stay at
 *  the end. {text}, or {error} when the text is not a JSON object. */
export function fillVariables(src, op, schema) {
  const { node, error } = parseJSON(src);
  if (error || (node && node.kind !== 'object')) return { error: true };
  const out = {};
  for (const d of op ? op.variableDefinitions : []) {
    const e = node && node.entries.find(x => x.key === d.variable.name.value);
    out[d.variable.name.value] = e ? plain(e.node) : d.defaultValue ? literal(d.defaultValue) : placeholder(refFromAst(d.type, schema || NO_SCHEMA), schema || NO_SCHEMA);
  }
  for (const e of node ? node.entries : []) if (!(e.key in out)) out[e.key] = plain(e.node);
  return { text: JSON.stringify(out, null, 2) };
}

/** The declared variables to offer where a key of the top object goes
 *  (after "{" or ",", or in a key being typed): {from, to, items: [{label,
 *  detail, insert}]} or null. */
export function variableCompletions(src, pos, op) {
  if (!op) return null;
  let depth = 0; let key = false; let inKey = null;
  const keys = [];
  for (const t of jsonTokens(src)) {
    if (t.start >= pos) break;
    if (t.end >= pos && t.text[0] === '"' && (t.end > pos || t.kind === 'error')) { inKey = depth === 1 && key && t; break; }
    if (depth === 1 && key && t.kind === 'string') keys.push(JSON.parse(t.text));
    if (t.text === '{' || t.text === '[') depth++;
    if (t.text === '}' || t.text === ']') depth--;
    key = depth === 1 && (t.text === '{' || t.text === ',');
  }
  if (inKey === false || !(inKey || key)) return null;
  const prefix = inKey ? src.slice(inKey.start + 1, pos).toLowerCase() : '';
  const to = pos + /^[\w$]*"?([ \t]*:[ \t]*)?/.exec(src.slice(pos))[0].length;
  const items = op.variableDefinitions.map(d => d.variable.name.value).filter(n => !keys.includes(n) && n.toLowerCase().includes(prefix))
    .map(n => ({ label: '$' + n, detail: astText(op.variableDefinitions.find(d => d.variable.name.value === n).type), insert: `"${n}": ` }));
  return items.length ? { from: inKey ? inKey.start : pos, to, items } : null;
}

const esc = (s) => s.replace(/[&<>]/g, c => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
const el = (tag, cls, text) => Object.assign(document.createElement(tag), { className: cls, textContent: text });

/** The variables pane's editor. hooks: schema() → Schema|null,
 *  operation() → the OperationDefinition Run would run, or null. */
export class VariablesEditor {
  constructor(hooks) {
    const $ = (id) => document.getElementById(id);
    const ta = this.ta = $('variables');
    this.hooks = hooks;
    this.code = $('variables-code');
    this.pre = $('variables-highlight');
    this.errEl = $('variables-error');
    this.popup = $('vars-completion');
    this.diagnostics = [];
    this.completion = null;
    this.measure = this.pre.appendChild(el('span', 'measure', 'M'.repeat(40)));
    ta.addEventListener('input', (e) => { this.render(); if (this.completion || e.data === '"') this.complete(); });
    ta.addEventListener('scroll', () => { this.pre.scrollTop = ta.scrollTop; this.pre.scrollLeft = ta.scrollLeft; });
    ta.addEventListener('keydown', (e) => this.onKey(e));
    ta.addEventListener('blur', () => setTimeout(() => { if (document.activeElement !== ta) this.close(); }, 150));
    ta.addEventListener('click', () => this.close());
    this.popup.addEventListener('mousedown', (e) => {
      const li = e.target.closest('li');
      if (li && this.completion) { e.preventDefault(); this.completion.index = Number(li.dataset.index); this.accept(); }
    });
    $('fill-variables').addEventListener('click', () => this.fill());
    this.tip = new HoverTip(ta, this.measure, (pos, atCaret) => {
      const d = this.diagnostics.find(x => x.start <= pos && pos < Math.max(x.end + (atCaret ? 1 : 0), x.start + 1));
      return d && { start: d.start, end: d.end, problems: [d] };
    });
  }

  /** Checks, marks and lists the problems; returns {value} or {error} as
   *  app.js's readJSON does. */
  read() {
    const src = this.ta.value;
    const r = checkVariables(src, this.hooks.operation(), this.hooks.schema());
    const error = r.diagnostics.find(d => d.severity === 'error');
    this.diagnostics = r.diagnostics;
    this.render();
    if (error) this.ta.setAttribute('aria-invalid', 'true'); else this.ta.removeAttribute('aria-invalid');
    // The list is an alert: redrawn only when it says something new.
    const key = r.diagnostics.map(d => d.start + d.message).join('|');
    if (key !== this.shown) {
      this.shown = key;
      this.errEl.textContent = '';
      for (const d of r.diagnostics.slice(0, 4)) {
        const { line, column } = lineCol(src, d.start);
        const b = this.errEl.appendChild(el('button', 'var-diag ' + d.severity, (src.trim() ? `${line}:${column} ` : '') + d.message));
        b.type = 'button';
        b.addEventListener('click', () => { this.ta.focus(); this.ta.setSelectionRange(d.start, d.end); });
      }
      if (r.diagnostics.length > 4) this.errEl.append(` and ${r.diagnostics.length - 4} more`);
    }
    return error ? { error: error.message } : { value: r.value };
  }

  /** Redraws the highlight layer with the problem underlines. */
  render() {
    const src = this.ta.value;
    const toks = jsonTokens(src);
    let depth = 0; let k = 0;
    const parts = toks.map((t, i) => {
      const next = toks[i + 1];
      if (t.text === '}' || t.text === ']') depth--;
      let c = t.kind === 'string' && next && next.text === ':' ? (depth === 1 ? 'tk-variable' : 'tk-field') : { punct: 'tk-punct', string: 'tk-string', number: 'tk-number', word: 'tk-keyword' }[t.kind] || 'tk-error';
      if (t.text === '{' || t.text === '[') depth++;
      const d = this.diagnostics.find(x => x.start <= t.start && t.end <= Math.max(x.end, x.start + 1));
      if (d) c += ' diag-' + d.severity;
      const gap = esc(src.slice(k, t.start));
      k = t.end;
      return `${gap}<span class="${c}">${esc(t.text)}</span>`;
    });
    this.code.innerHTML = parts.join('') + esc(src.slice(k)) + '\n ';
    this.pre.scrollTop = this.ta.scrollTop;
    this.pre.scrollLeft = this.ta.scrollLeft;
  }

  /** Writes the skeleton of the declared variables (one undoable edit). */
  fill() {
    const r = fillVariables(this.ta.value, this.hooks.operation(), this.hooks.schema());
    this.ta.focus();
    if (r.text) this.insert(0, this.ta.value.length, r.text);
    this.read();
  }

  insert(from, to, text) {
    this.ta.setSelectionRange(from, to);
    if (!document.execCommand('insertText', false, text)) {
      this.ta.setRangeText(text, from, to, 'end');
      this.ta.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }

  onKey(e) {
    const c = this.completion;
    const mod = e.ctrlKey || e.metaKey;
    if (c && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) { c.index = (c.index + (e.key === 'ArrowDown' ? 1 : c.items.length - 1)) % c.items.length; this.draw(); }
    else if (c && ((e.key === 'Enter' && !mod) || e.key === 'Tab')) this.accept();
    else if (c && e.key === 'Escape') { e.stopPropagation(); this.close(); }
    else if (mod && e.code === 'Space') this.complete();
    else return;
    e.preventDefault();
  }

  complete() {
    const ta = this.ta;
    const r = ta.selectionStart === ta.selectionEnd && variableCompletions(ta.value, ta.selectionStart, this.hooks.operation());
    if (!r) { this.close(); return; }
    const prev = this.completion && this.completion.items[this.completion.index];
    this.completion = Object.assign(r, { index: prev ? Math.max(0, r.items.findIndex(x => x.label === prev.label)) : 0 });
    this.popup.hidden = false;
    this.draw();
    // Under the caret's line.
    const before = ta.value.slice(0, r.from);
    const col = before.length - before.lastIndexOf('\n') - 1;
    const cw = this.measure.getBoundingClientRect().width / 40 || 8;
    this.popup.style.setProperty('--x', Math.max(4, Math.min(9 + col * cw - ta.scrollLeft, ta.clientWidth - 300)) + 'px');
    this.popup.style.setProperty('--y', (7 + before.split('\n').length * (parseFloat(getComputedStyle(ta).lineHeight) || 20) - ta.scrollTop) + 'px');
  }

  draw() {
    const c = this.completion;
    const ul = this.popup.firstElementChild;
    ul.textContent = '';
    c.items.forEach((it, k) => {
      const li = ul.appendChild(el('li', '', ''));
      li.id = 'vars-completion-' + k;
      li.dataset.index = k;
      li.setAttribute('role', 'option');
      li.setAttribute('aria-selected', k === c.index);
      li.append(el('span', 'c-label', it.label), el('span', 'c-detail', it.detail));
    });
    this.ta.setAttribute('aria-activedescendant', 'vars-completion-' + c.index);
    ul.children[c.index].scrollIntoView({ block: 'nearest' });
  }

  close() {
    this.completion = null;
    this.popup.hidden = true;
    this.ta.removeAttribute('aria-activedescendant');
  }

  accept() {
    const c = this.completion;
    this.close();
    this.insert(c.from, c.to, c.items[c.index].insert);
  }
}

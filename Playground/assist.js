// Help from the schema in the query editor: what the name at a point is
// (hover help), what accepting a field inserts, the leaf fields Run fills in
// where a selection lacks them (as GraphiQL does; accepting an object field
// writes the same ones), and the tooltip.

import { parse } from '/playground/lang.js';
import { contextAt, namedType, typeString } from '/playground/schema.js';

const isLeaf = (t) => t && (t.kind === 'SCALAR' || t.kind === 'ENUM');
const required = (a) => a.type.kind === 'NON_NULL' && a.defaultValue == null;
const argText = (a) => `${a.name}: ${typeString(a.type)}${a.defaultValue != null ? ' = ' + a.defaultValue : ''}`;
const args = (list) => (list && list.length ? `(${list.map(argText).join(', ')})` : '');
const astText = (t) => (t.kind === 'NonNullType' ? astText(t.type) + '!' : t.kind === 'ListType' ? `[${astText(t.type)}]` : t.name.value);
const KIND = { OBJECT: 'type', INTERFACE: 'interface', UNION: 'union', ENUM: 'enum', SCALAR: 'scalar', INPUT_OBJECT: 'input' };

/** The field, argument, enum value, type, variable or directive named at
 *  `pos`: {start, end, title, description, deprecated}, or null. */
export function hoverAt(src, pos, schema) {
  const r = parse(src);
  const tok = r.tokens.find(t => t.kind === 'name' && t.start <= pos && pos < t.end) || r.tokens.find(t => t.kind === 'name' && t.end === pos);
  if (!schema || !tok || !tok.role) return null;
  const name = tok.value;
  const out = (title, d) => d && { start: tok.start, end: tok.end, title, description: d.description || '', deprecated: d.isDeprecated ? d.deprecationReason || 'No longer supported' : '' };
  const ctx = contextAt(src, tok.start, schema);
  const t = schema.type(name);
  switch (tok.role) {
    case 'type': return t && out(`${KIND[t.kind]} ${name}`, t);
    case 'directive': { const d = schema.directives.find(x => x.name === name); return d && out(`@${name}${args(d.args)}`, d); }
    case 'field': { const f = ctx.parentType && schema.field(ctx.parentType, name); return f && out(`${ctx.parentType.name}.${name}${args(f.args)}: ${typeString(f.type)}`, f); }
    case 'arg': { const a = (ctx.argDefs || []).find(x => x.name === name); return a && out(argText(a), a); }
    case 'enum': {
      const e = ctx.inputRef && schema.type(namedType(ctx.inputRef).name);
      return e && out(`${e.name}.${name}`, (e.enumValues || []).find(x => x.name === name));
    }
    case 'variable': {
      const op = r.doc && r.doc.definitions.find(o => o.kind === 'OperationDefinition' && o.start <= pos && pos <= o.end);
      const v = (op ? op.variableDefinitions : ctx.vars || []).find(d => d.variable.name.value === name);
      return v && out(`$${name}: ${astText(v.type)}`, { description: 'A variable of this operation' + (v.defaultValue ? ', with a default.' : '.') });
    }
    default: return null;
  }
}

/** What accepting field `f` from completion for the range [from, to) of
 *  `src` inserts, {text, caret}: required arguments as `(arg: )` (the caret
 *  at the first); a field of object, interface or union type with the
 *  selection Run would fill in (leafSelection), so that it runs as it is
 *  (the caret after its last field, unless at an argument); bare when the
 *  text after opens "(" or "{". */
export function fieldInsertion(f, schema, src, from, to) {
  let text = f.name;
  if (/^\s*[({]/.test(src.slice(to))) return { text, caret: text.length };
  const req = (f.args || []).filter(required);
  const caret = req.length ? text.length + req[0].name.length + 3 : 0;
  if (req.length) text += `(${req.map(a => a.name + ': ').join(', ')})`;
  const t = schema && schema.type(namedType(f.type).name);
  if (t && !isLeaf(t)) {
    const fields = leafNames(t);
    const sel = leafSelection(src.slice(0, from) + text + src.slice(to), from, from + text.length, fields);
    text += sel;
    const last = fields[fields.length - 1];
    return { text, caret: caret || text.lastIndexOf(last) + last.length };
  }
  return { text, caret: caret || text.length };
}

/** The selection written after the field at [start, end) of `src`: its
 *  leaf `fields` on the same line (` { id name }`), or one a line when the
 *  field ends its line in a text of several lines. */
function leafSelection(src, start, end, fields) {
  const line = src.slice(src.lastIndexOf('\n', start - 1) + 1);
  const ind = /^[ \t]*/.exec(line)[0];
  return src.includes('\n') && !src.slice(end).split('\n')[0].trim()
    ? ` {\n${fields.map(n => `${ind}  ${n}\n`).join('')}${ind}}` : ` { ${fields.join(' ')} }`;
}

/** The leaf fields to fill in under type `t`: `id` and `name` where it has
 *  them, else every leaf field without required arguments; `__typename`
 *  first for interfaces and unions, alone when nothing else fits. */
export function leafNames(t) {
  const leaves = (t.fields || []).filter(f => !f.name.startsWith('__') && !f.isDeprecated && !f.args.some(required) && isLeaf(namedType(f.type))).map(f => f.name);
  const ids = leaves.filter(n => n === 'id' || n === 'name');
  const pick = ids.length ? ids : leaves;
  return t.kind === 'OBJECT' && pick.length ? pick : ['__typename'].concat(pick);
}

/** Fills fields of object, interface or union type that have no selection
 *  with their leaf fields. null when none lacks one (or the text does not
 *  parse); else {from, to, text, filled: [{name, fields}], map(pos)}: the
 *  range [from, to) of `src` becomes `text` (one edit, one undo step). */
export function fillLeafs(src, schema) {
  const r = parse(src);
  if (!schema || !r.doc) return null;
  const adds = [];
  const walk = (ss, parent) => {
    for (const s of ss && parent ? ss.selections : []) {
      if (s.kind === 'InlineFragment') walk(s.selectionSet, s.typeCondition ? schema.type(s.typeCondition.value) : parent);
      const f = s.kind === 'Field' && schema.field(parent, s.name.value);
      const t = f && schema.type(namedType(f.type).name);
      if (!t || isLeaf(t)) continue;
      if (s.selectionSet) { walk(s.selectionSet, t); continue; }
      const fields = leafNames(t);
      adds.push({ at: s.end, text: leafSelection(src, s.start, s.end, fields), name: (s.alias || s.name).value, fields });
    }
  };
  for (const d of r.doc.definitions) walk(d.selectionSet, d.typeCondition ? schema.type(d.typeCondition.value) : schema.rootType(d.operation));
  if (!adds.length) return null;
  adds.sort((a, b) => a.at - b.at);
  let text = ''; let k = adds[0].at;
  for (const a of adds) { text += src.slice(k, a.at) + a.text; k = a.at; }
  return {
    from: adds[0].at, to: k, text,
    filled: adds.map(a => ({ name: a.name, fields: a.fields })),
    map: (pos) => pos + adds.filter(a => a.at < pos).reduce((n, a) => n + a.text.length, 0),
  };
}

let tips = 0;

/** A tooltip over a textarea in a monospace font (`measure`: a span of 40
 *  "M"s in it): when the pointer rests on a character, or on Ctrl+I / F1
 *  at the caret, it shows lookup(pos, atCaret) → {start, end, title?,
 *  description?, deprecated?, problems?: [{message, severity}]} | null. */
export class HoverTip {
  constructor(input, measure, lookup) {
    Object.assign(this, { input, measure, lookup });
    const el = this.el = document.body.appendChild(document.createElement('div'));
    el.className = 'hover-tip';
    el.id = 'hover-tip-' + (++tips);
    el.setAttribute('role', 'tooltip');
    el.hidden = true;
    let timer = 0;
    input.addEventListener('mousemove', (e) => {
      clearTimeout(timer);
      const pos = this.offsetAt(e.clientX, e.clientY);
      if (this.range && pos >= this.range[0] && pos < this.range[1]) return;
      this.hide();
      if (pos >= 0) timer = setTimeout(() => this.show(pos, false), 250);
    });
    input.addEventListener('mouseleave', () => { clearTimeout(timer); this.hide(); });
    input.addEventListener('keydown', (e) => {
      if (e.key !== 'F1' && !((e.ctrlKey || e.metaKey) && !e.shiftKey && !e.altKey && e.code === 'KeyI')) { this.hide(); return; }
      e.preventDefault();
      this.show(input.selectionStart, true);
    });
    for (const ev of ['scroll', 'blur', 'input', 'mousedown']) input.addEventListener(ev, () => this.hide());
    window.addEventListener('resize', () => this.hide());
  }

  /** [line height, character width, x and y of the text's origin]. */
  metrics() {
    const i = this.input; const cs = getComputedStyle(i); const r = i.getBoundingClientRect();
    return [parseFloat(cs.lineHeight) || 20, this.measure.getBoundingClientRect().width / 40 || 8,
      r.left + parseFloat(cs.borderLeftWidth) + parseFloat(cs.paddingLeft) - i.scrollLeft, r.top + parseFloat(cs.borderTopWidth) + parseFloat(cs.paddingTop) - i.scrollTop];
  }

  /** The offset of the character at a point, or -1. */
  offsetAt(x, y) {
    const [lh, cw, x0, y0] = this.metrics();
    const lines = this.input.value.split('\n');
    const line = Math.floor((y - y0) / lh); const col = Math.floor((x - x0) / cw);
    if (line < 0 || col < 0 || line >= lines.length || col >= lines[line].length) return -1;
    return lines.slice(0, line).reduce((n, l) => n + l.length + 1, col);
  }

  show(pos, atCaret) {
    const info = this.lookup(pos, atCaret);
    const el = this.el;
    if (!info) { this.hide(); return; }
    el.textContent = '';
    const add = (cls, text) => { if (text) el.appendChild(Object.assign(document.createElement('p'), { className: cls, textContent: text })); };
    for (const d of info.problems || []) add('tip-problem ' + d.severity, d.message);
    add('tip-title', info.title);
    add('tip-desc', info.description);
    add('tip-problem warning', info.deprecated && 'Deprecated: ' + info.deprecated);
    el.setAttribute('aria-live', atCaret ? 'polite' : 'off');
    el.hidden = false;
    this.range = [info.start, Math.max(info.end, info.start + 1)];
    this.describe(el.id);
    // Under the start of the range; above it when there is no room below.
    const [lh, cw, x0, y0] = this.metrics();
    const before = this.input.value.slice(0, info.start);
    const y = y0 + (before.split('\n').length - 1) * lh;
    const h = el.offsetHeight;
    el.style.setProperty('--x', Math.max(4, Math.min(x0 + (before.length - before.lastIndexOf('\n') - 1) * cw, innerWidth - el.offsetWidth - 4)) + 'px');
    el.style.setProperty('--y', (y + lh + h + 4 < innerHeight || y < h + 4 ? y + lh + 4 : y - h - 4) + 'px');
  }

  /** Adds `id` to the input's aria-describedby (none: takes the tip's out). */
  describe(id) {
    const d = (this.input.getAttribute('aria-describedby') || '').split(' ').filter(x => x && x !== this.el.id).concat(id || []).join(' ');
    if (d) this.input.setAttribute('aria-describedby', d); else this.input.removeAttribute('aria-describedby');
  }

  hide() {
    if (this.el.hidden) return;
    this.el.hidden = true;
    this.range = null;
    this.describe();
  }
}

// The docs explorer: schema → type → field → argument pages built from
// introspection, with a search over every type, field, argument and enum
// value.

import { namedType, typeString } from '/playground/schema.js';

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text != null) e.textContent = text;
  return e;
}

const KIND_LABEL = { OBJECT: 'type', INTERFACE: 'interface', UNION: 'union', ENUM: 'enum', SCALAR: 'scalar', INPUT_OBJECT: 'input' };

export class Docs {
  constructor() {
    this.content = document.getElementById('docs-content');
    this.crumbs = document.getElementById('docs-crumbs');
    this.search = document.getElementById('docs-search');
    this.schema = null;
    this.stack = [];
    this.search.addEventListener('input', () => this.render());
    this.search.addEventListener('keydown', (e) => {
      if (e.key === 'ArrowDown') { const f = this.content.querySelector('button, a'); if (f) { e.preventDefault(); f.focus(); } }
    });
  }

  setSchema(schema) { this.schema = schema; this.stack = this.stack.filter(p => schema && schema.type(p.type)); this.render(); }

  /** Shows a page: {type, field?, arg?}; an empty target is the schema. */
  show(target, push = true) {
    this.search.value = '';
    if (!target || !target.type) this.stack = [];
    else if (push) {
      const top = this.stack[this.stack.length - 1];
      if (!top || top.type !== target.type || top.field !== target.field) this.stack.push(target);
      else this.stack[this.stack.length - 1] = target;
    }
    this.render();
    const h = this.content.querySelector('h3');
    if (h) h.focus({ preventScroll: true });
  }

  /** Opens a page from outside the docs (Ctrl+click, a search hit): a fresh
   *  trail, the type then its field, never the path walked before. */
  jump(target) {
    this.stack = target && target.field ? [{ type: target.type }] : [];
    this.show(target);
  }

  typeLink(ref) {
    const frag = document.createDocumentFragment();
    const s = typeString(ref);
    const n = namedType(ref);
    const i = s.indexOf(n.name);
    if (i > 0) frag.append(s.slice(0, i));
    const a = el('button', 'doc-link type-name', n.name);
    a.type = 'button';
    a.addEventListener('click', () => this.show({ type: n.name }));
    frag.append(a);
    if (i + n.name.length < s.length) frag.append(s.slice(i + n.name.length));
    return frag;
  }

  description(text) {
    const d = el('div', 'doc-desc');
    if (!text) { d.classList.add('muted'); d.textContent = 'No description.'; return d; }
    for (const para of String(text).split(/\n\s*\n/)) {
      const p = el('p');
      // `code` spans, everything else as text.
      String(para).split(/(`[^`]+`)/).forEach(part => {
        if (/^`[^`]+`$/.test(part)) p.append(el('code', '', part.slice(1, -1))); else p.append(part);
      });
      d.append(p);
    }
    return d;
  }

  deprecation(item) {
    if (!item.isDeprecated) return null;
    return el('p', 'deprecated-note', 'Deprecated' + (item.deprecationReason ? ': ' + item.deprecationReason : '.'));
  }

  renderCrumbs() {
    this.crumbs.innerHTML = '';
    const home = el('button', 'crumb', 'Schema');
    home.type = 'button';
    home.addEventListener('click', () => { this.stack = []; this.render(); });
    this.crumbs.append(home);
    this.stack.forEach((p, k) => {
      this.crumbs.append(el('span', 'crumb-sep', '›'));
      const b = el('button', 'crumb', p.field ? `${p.type}.${p.field}` : p.type);
      b.type = 'button';
      if (k === this.stack.length - 1) b.setAttribute('aria-current', 'page');
      b.addEventListener('click', () => { this.stack = this.stack.slice(0, k + 1); this.render(); });
      this.crumbs.append(b);
    });
  }

  render() {
    const c = this.content;
    c.innerHTML = '';
    if (!this.schema) { c.append(el('p', 'muted', 'The schema has not loaded yet.')); this.crumbs.innerHTML = ''; return; }
    const q = this.search.value.trim();
    if (q) { this.crumbs.innerHTML = ''; this.renderSearch(q); return; }
    this.renderCrumbs();
    const top = this.stack[this.stack.length - 1];
    if (!top) this.renderRoot();
    else if (top.field) this.renderField(top);
    else this.renderType(top.type);
  }

  heading(text, sub) {
    const h = el('h3', 'doc-title', text);
    h.tabIndex = -1;
    if (sub) h.append(' ', el('span', 'kind-badge', sub));
    return h;
  }

  renderRoot() {
    const s = this.schema; const c = this.content;
    c.append(this.heading('Schema'));
    c.append(el('p', 'doc-desc', 'Menagerie: dog breeds, zoo animals and D&D monsters behind one GraphQL API. Start at the query root, or search above.'));
    const roots = el('ul', 'doc-list');
    for (const [label, name] of [['query', s.queryType], ['mutation', s.mutationType], ['subscription', s.subscriptionType]]) {
      if (!name) continue;
      const li = el('li', 'doc-item');
      li.append(el('span', 'field-name', label + ': '), this.typeLink({ kind: 'OBJECT', name }));
      roots.append(li);
    }
    c.append(roots);
    const groups = [['OBJECT', 'Object types'], ['INTERFACE', 'Interfaces'], ['UNION', 'Unions'], ['ENUM', 'Enums'], ['INPUT_OBJECT', 'Input types'], ['SCALAR', 'Scalars']];
    for (const [kind, title] of groups) {
      const types = [...s.types.values()].filter(t => t.kind === kind && !t.name.startsWith('__')).sort((a, b) => a.name.localeCompare(b.name));
      if (!types.length) continue;
      c.append(el('h4', 'doc-section', title));
      const ul = el('ul', 'doc-list');
      for (const t of types) {
        const li = el('li', 'doc-item');
        li.append(this.typeLink({ kind, name: t.name }));
        if (t.description) li.append(snippet(t.description));
        ul.append(li);
      }
      c.append(ul);
    }
  }

  renderType(name) {
    const t = this.schema.type(name); const c = this.content;
    if (!t) { c.append(el('p', 'muted', `No type named ${name}.`)); return; }
    c.append(this.heading(t.name, KIND_LABEL[t.kind] || t.kind.toLowerCase()));
    c.append(this.description(t.description));
    if (t.interfaces && t.interfaces.length) {
      c.append(el('h4', 'doc-section', 'Implements'));
      const ul = el('ul', 'doc-list');
      for (const i of t.interfaces) { const li = el('li', 'doc-item'); li.append(this.typeLink(i)); ul.append(li); }
      c.append(ul);
    }
    if ((t.kind === 'INTERFACE' || t.kind === 'UNION') && t.possibleTypes) {
      c.append(el('h4', 'doc-section', t.kind === 'UNION' ? 'Members' : 'Implementations'));
      const ul = el('ul', 'doc-list');
      for (const i of t.possibleTypes) { const li = el('li', 'doc-item'); li.append(this.typeLink(i)); ul.append(li); }
      c.append(ul);
    }
    const fields = t.fields || t.inputFields;
    if (fields && fields.length) {
      c.append(el('h4', 'doc-section', t.inputFields ? 'Input fields' : 'Fields'));
      const ul = el('ul', 'doc-list');
      for (const f of fields) ul.append(this.fieldItem(t, f, !!t.inputFields));
      c.append(ul);
    }
    if (t.enumValues && t.enumValues.length) {
      c.append(el('h4', 'doc-section', 'Values'));
      const ul = el('ul', 'doc-list');
      for (const v of t.enumValues) {
        const li = el('li', 'doc-item' + (v.isDeprecated ? ' is-deprecated' : ''));
        li.append(el('span', 'enum-name', v.name));
        if (v.description) li.append(snippet(v.description));
        const dep = this.deprecation(v); if (dep) li.append(dep);
        ul.append(li);
      }
      c.append(ul);
    }
  }

  fieldItem(type, f, input) {
    const li = el('li', 'doc-item' + (f.isDeprecated ? ' is-deprecated' : ''));
    const name = el('button', 'doc-link field-name', f.name);
    name.type = 'button';
    if (input) { name.disabled = true; }
    else name.addEventListener('click', () => this.show({ type: type.name, field: f.name }));
    li.append(name);
    if (f.args && f.args.length) {
      li.append('(');
      f.args.forEach((a, k) => {
        if (k) li.append(', ');
        li.append(el('span', 'arg-name', a.name), ': ', this.typeLink(a.type));
        if (a.defaultValue != null) li.append(el('span', 'default', ' = ' + a.defaultValue));
      });
      li.append(')');
    }
    li.append(': ', this.typeLink(f.type));
    if (f.description) li.append(snippet(f.description));
    const dep = this.deprecation(f); if (dep) li.append(dep);
    return li;
  }

  renderField(p) {
    const t = this.schema.type(p.type); const c = this.content;
    const f = t && (t.fields || []).find(x => x.name === p.field);
    if (!f) { c.append(el('p', 'muted', `No field ${p.type}.${p.field}.`)); return; }
    c.append(this.heading(`${t.name}.${f.name}`, 'field'));
    const dep = this.deprecation(f); if (dep) c.append(dep);
    c.append(this.description(f.description));
    c.append(el('h4', 'doc-section', 'Type'));
    const tp = el('p', 'doc-item'); tp.append(this.typeLink(f.type)); c.append(tp);
    if (f.args && f.args.length) {
      c.append(el('h4', 'doc-section', 'Arguments'));
      const ul = el('ul', 'doc-list');
      for (const a of f.args) {
        const li = el('li', 'doc-item' + (p.arg === a.name ? ' highlight' : ''));
        li.id = 'doc-arg-' + a.name;
        li.append(el('span', 'arg-name', a.name), ': ', this.typeLink(a.type));
        if (a.defaultValue != null) li.append(el('span', 'default', ' = ' + a.defaultValue));
        if (a.description) li.append(this.description(a.description));
        const d2 = this.deprecation(a); if (d2) li.append(d2);
        ul.append(li);
      }
      c.append(ul);
    }
    if (p.arg) { const a = document.getElementById('doc-arg-' + p.arg); if (a) a.scrollIntoView({ block: 'nearest' }); }
  }

  renderSearch(q) {
    const c = this.content; const s = this.schema;
    const needle = q.toLowerCase();
    const hits = [];
    for (const t of s.types.values()) {
      if (t.name.startsWith('__')) continue;
      if (t.name.toLowerCase().includes(needle)) hits.push({ score: t.name.toLowerCase().startsWith(needle) ? 0 : 1, label: t.name, kind: KIND_LABEL[t.kind], target: { type: t.name } });
      for (const f of t.fields || t.inputFields || []) {
        if (f.name.toLowerCase().includes(needle)) hits.push({ score: 2, label: `${t.name}.${f.name}`, kind: 'field', detail: typeString(f.type), target: t.fields ? { type: t.name, field: f.name } : { type: t.name } });
        for (const a of f.args || []) if (a.name.toLowerCase().includes(needle)) hits.push({ score: 3, label: `${t.name}.${f.name}(${a.name})`, kind: 'argument', detail: typeString(a.type), target: { type: t.name, field: f.name, arg: a.name } });
      }
      for (const v of t.enumValues || []) if (v.name.toLowerCase().includes(needle)) hits.push({ score: 3, label: `${t.name}.${v.name}`, kind: 'enum value', target: { type: t.name } });
    }
    hits.sort((a, b) => a.score - b.score || a.label.localeCompare(b.label));
    c.append(el('h3', 'doc-title', `${hits.length} result${hits.length === 1 ? '' : 's'} for “${q}”`));
    const ul = el('ul', 'doc-list');
    for (const h of hits.slice(0, 200)) {
      const li = el('li', 'doc-item');
      const b = el('button', 'doc-link', h.label);
      b.type = 'button';
      b.addEventListener('click', () => { this.search.value = ''; this.jump(h.target); });
      li.append(b, ' ', el('span', 'kind-badge', h.kind));
      if (h.detail) li.append(' ', el('span', 'doc-snippet inline', h.detail));
      ul.append(li);
    }
    c.append(ul);
  }
}

/** The first paragraph of a description, `code` spans as code. */
function snippet(text) {
  const d = el('div', 'doc-snippet');
  firstLine(text).split(/(`[^`]+`)/).forEach(part => {
    if (/^`[^`]+`$/.test(part)) d.append(el('code', '', part.slice(1, -1))); else if (part) d.append(part);
  });
  return d;
}

function firstLine(text) {
  const s = String(text).split(/\n\s*\n/)[0].replace(/\s+/g, ' ').trim();
  return s.length > 140 ? s.slice(0, 137) + '…' : s;
}

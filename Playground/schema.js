// The schema as the playground knows it (from introspection), and what it
// does with it: validation markers and autocompletion candidates.

import { parse, print, lineCol } from '/playground/lang.js';

/** The introspection query (the default shape of graphql-js's). */
export const INTROSPECTION_QUERY = `query IntrospectionQuery {
  __schema {
    queryType { name }
    mutationType { name }
    subscriptionType { name }
    types { ...FullType }
    directives { name description locations args { ...InputValue } }
  }
}
fragment FullType on __Type {
  kind name description
  fields(includeDeprecated: true) { name description args { ...InputValue } type { ...TypeRef } isDeprecated deprecationReason }
  inputFields { ...InputValue }
  interfaces { ...TypeRef }
  enumValues(includeDeprecated: true) { name description isDeprecated deprecationReason }
  possibleTypes { ...TypeRef }
}
fragment InputValue on __InputValue { name description type { ...TypeRef } defaultValue }
fragment TypeRef on __Type {
  kind name
  ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } }
}`;

const META_FIELDS = [
  { name: '__typename', description: 'The name of the current Object type at runtime.', args: [], type: { kind: 'NON_NULL', ofType: { kind: 'SCALAR', name: 'String' } } },
];

/** A schema built from an introspection result's `__schema`. */
export class Schema {
  constructor(raw) {
    this.raw = raw;
    this.types = new Map();
    for (const t of raw.types) this.types.set(t.name, t);
    this.queryType = raw.queryType && raw.queryType.name;
    this.mutationType = raw.mutationType && raw.mutationType.name;
    this.subscriptionType = raw.subscriptionType && raw.subscriptionType.name;
    this.directives = raw.directives || [];
  }
  type(name) { return this.types.get(name) || null; }
  rootType(op) {
    const n = op === 'mutation' ? this.mutationType : op === 'subscription' ? this.subscriptionType : this.queryType;
    return n ? this.type(n) : null;
  }
  /** Fields of an object or interface type, with __typename (and the
   *  __schema/__type entry points on the query type). */
  fields(type, withMeta = true) {
    if (!type || !type.fields) return withMeta && type && type.kind === 'UNION' ? META_FIELDS : [];
    if (!withMeta) return type.fields;
    const extra = type.name === this.queryType ? [
      { name: '__schema', description: 'Access the current type schema of this server.', args: [], type: { kind: 'NON_NULL', ofType: { kind: 'OBJECT', name: '__Schema' } } },
      { name: '__type', description: 'Request the type information of a single type.', args: [{ name: 'name', type: { kind: 'NON_NULL', ofType: { kind: 'SCALAR', name: 'String' } } }], type: { kind: 'OBJECT', name: '__Type' } },
    ] : [];
    return type.fields.concat(META_FIELDS, extra);
  }
  field(type, name) { return this.fields(type).find(f => f.name === name) || null; }
  possibleTypes(type) {
    if (!type) return [];
    if (type.kind === 'OBJECT') return [type];
    return (type.possibleTypes || []).map(r => this.type(r.name)).filter(Boolean);
  }
  /** Types that a fragment on `type` may name: the type itself, the
   *  interfaces and unions that overlap it, and its possible types. */
  fragmentTargets(type) {
    const all = [...this.types.values()].filter(t => /^(OBJECT|INTERFACE|UNION)$/.test(t.kind) && !t.name.startsWith('__'));
    if (!type) return all;
    const mine = new Set(this.possibleTypes(type).map(t => t.name));
    return all.filter(t => t.name === type.name || this.possibleTypes(t).some(o => mine.has(o.name)));
  }
}

/** Named type at the bottom of a type reference. */
export function namedType(ref) { while (ref && ref.ofType) ref = ref.ofType; return ref; }
/** Prints a type reference: `[Breed!]!`. */
export function typeString(ref) {
  if (!ref) return '?';
  if (ref.kind === 'NON_NULL') return typeString(ref.ofType) + '!';
  if (ref.kind === 'LIST') return '[' + typeString(ref.ofType) + ']';
  return ref.name;
}
function astTypeString(t) {
  if (t.kind === 'NonNullType') return astTypeString(t.type) + '!';
  if (t.kind === 'ListType') return '[' + astTypeString(t.type) + ']';
  return t.name.value;
}
function astNamed(t) { while (t.type) t = t.type; return t.name.value; }
const isLeaf = (t) => t && (t.kind === 'SCALAR' || t.kind === 'ENUM');
const isInputKind = (t) => t && (t.kind === 'SCALAR' || t.kind === 'ENUM' || t.kind === 'INPUT_OBJECT');

// ------------------------------------------------------------- validation

/**
 * Checks `src` against the schema (which may be null: syntax only).
 * Returns diagnostics: {start, end, message, severity: 'error'|'warning'}.
 * A small subset of the spec's rules, enough to mark the usual mistakes as
 * you type; the server's answer stays the authority.
 */
export function validate(src, schema) {
  const r = parse(src);
  const out = [];
  for (const t of r.tokens) if (t.kind === 'error') out.push({ start: t.start, end: t.end, message: `Syntax Error: ${t.message.replace(/[^?]$/, '$&.')}`, severity: 'error' });
  if (r.error) {
    if (!out.length || out[0].start !== r.error.start) {
      const start = r.error.eof ? Math.max(0, src.trimEnd().length - 1) : r.error.start;
      out.push({ start, end: Math.max(r.error.end, start + 1), message: r.error.message, severity: 'error' });
    }
    return { diagnostics: out, parsed: r };
  }
  if (!schema) return { diagnostics: out, parsed: r };
  const doc = r.doc;
  const err = (node, message, severity = 'error') => out.push({ start: node.start, end: node.end, message, severity });
  const fragments = new Map();
  const ops = doc.definitions.filter(d => d.kind === 'OperationDefinition');
  for (const d of doc.definitions) {
    if (d.kind === 'FragmentDefinition') {
      if (fragments.has(d.name.value)) err(d.name, `There can be only one fragment named "${d.name.value}".`);
      fragments.set(d.name.value, d);
    }
  }
  if (ops.length > 1) for (const o of ops) if (!o.name) err({ start: o.start, end: o.start + 1 }, 'This anonymous operation must be the only defined operation.');
  const opNames = new Set();
  for (const o of ops) if (o.name) { if (opNames.has(o.name.value)) err(o.name, `There can be only one operation named "${o.name.value}".`); opNames.add(o.name.value); }

  const typeHint = (name) => didYouMean(suggest(name, [...schema.types.keys()]));
  function fieldHint(parent, name) {
    if (parent.kind === 'INTERFACE' || parent.kind === 'UNION') {
      const types = schema.possibleTypes(parent).filter(t => (t.fields || []).some(f => f.name === name)).map(t => t.name).sort();
      if (types.length) return didYouMean('to use an inline fragment on', types);
    }
    return didYouMean(suggest(name, (parent.fields || []).map(f => f.name)));
  }

  function checkValue(node, ref, vars, usage) {
    if (!ref || !node) return;
    if (node.kind === 'Variable') { usage.push(node); return; }
    if (ref.kind === 'NON_NULL') {
      if (node.kind === 'NullValue') { err(node, `Expected value of type "${typeString(ref)}", found null.`); return; }
      return checkValue(node, ref.ofType, vars, usage);
    }
    if (node.kind === 'NullValue') return;
    if (ref.kind === 'LIST') {
      if (node.kind === 'ListValue') { for (const v of node.values) checkValue(v, ref.ofType, vars, usage); return; }
      return checkValue(node, ref.ofType, vars, usage);
    }
    const t = schema.type(ref.name);
    if (!t) return;
    const show = src.slice(node.start, node.end);
    if (t.kind === 'ENUM') {
      if (node.kind !== 'EnumValue' || !t.enumValues.some(e => e.name === node.value)) {
        const names = t.enumValues.map(e => e.name);
        const hint = didYouMean('the enum value', suggest(node.kind === 'StringValue' || node.kind === 'EnumValue' ? node.value : show, names));
        err(node, node.kind === 'EnumValue' ? `Value "${node.value}" does not exist in "${t.name}" enum.${hint}` : `Enum "${t.name}" cannot represent non-enum value: ${show}.${hint}`);
      }
      return;
    }
    if (t.kind === 'INPUT_OBJECT') {
      if (node.kind !== 'ObjectValue') { err(node, `Expected value of type "${t.name}", found ${show}.`); return; }
      for (const f of node.fields) {
        const def = (t.inputFields || []).find(x => x.name === f.name.value);
        if (!def) { err(f.name, `Field "${f.name.value}" is not defined by type "${t.name}".` + didYouMean(suggest(f.name.value, (t.inputFields || []).map(x => x.name)))); collectVars(f.value, usage); }
        else checkValue(f.value, def.type, vars, usage);
      }
      for (const def of t.inputFields || []) {
        if (def.type.kind === 'NON_NULL' && def.defaultValue == null && !node.fields.some(f => f.name.value === def.name)) {
          err(node, `Field "${t.name}.${def.name}" of required type "${typeString(def.type)}" was not provided.`);
        }
      }
      return;
    }
    const bad = {
      Int: node.kind !== 'IntValue' ? `Int cannot represent non-integer value: ${show}`
        : Math.abs(Number(node.value)) > 2147483647 ? `Int cannot represent non 32-bit signed integer value: ${show}` : null,
      Float: node.kind !== 'IntValue' && node.kind !== 'FloatValue' ? `Float cannot represent non numeric value: ${show}` : null,
      String: node.kind !== 'StringValue' ? `String cannot represent a non string value: ${show}` : null,
      Boolean: node.kind !== 'BooleanValue' ? `Boolean cannot represent a non boolean value: ${show}` : null,
      ID: node.kind !== 'StringValue' && node.kind !== 'IntValue' ? `ID cannot represent a non-string and non-integer value: ${show}` : null,
    }[t.name];
    if (bad) err(node, bad);
  }

  function checkArgs(args, defs, owner, vars, usage, anchor) {
    const seen = new Set();
    for (const a of args) {
      if (seen.has(a.name.value)) err(a.name, `There can be only one argument named "${a.name.value}".`);
      seen.add(a.name.value);
      const def = defs.find(d => d.name === a.name.value);
      if (!def) {
        err(a.name, `Unknown argument "${a.name.value}" on ${owner}.` + didYouMean(suggest(a.name.value, defs.map(d => d.name))));
        collectVars(a.value, usage);
        continue;
      }
      if (a.value.kind === 'Variable') usage.push({ node: a.value, type: def.type, hasDefault: def.defaultValue != null });
      else checkValue(a.value, def.type, vars, usage);
    }
    for (const d of defs) {
      if (d.type.kind === 'NON_NULL' && d.defaultValue == null && !seen.has(d.name)) {
        const what = owner.startsWith('field') ? `Field "${owner.slice(7, -1).split('.').pop()}"` : `Directive "@${owner.slice(12, -1).replace(/^@/, '')}"`;
        err(anchor, `${what} argument "${d.name}" of type "${typeString(d.type)}" is required, but it was not provided.`);
      }
    }
  }

  function checkDirectives(dirs, vars, usage) {
    for (const d of dirs) {
      const def = schema.directives.find(x => x.name === d.name.value);
      if (!def) { err(d.name, `Unknown directive "@${d.name.value}".`); for (const a of d.arguments) collectVars(a.value, usage); continue; }
      checkArgs(d.arguments, def.args || [], `directive "@${d.name.value}"`, vars, usage, d.name);
    }
  }

  /** The fields a selection set asks for, through its fragments:
   *  [{node, parent, def}]. */
  function collectFields(ss, parent, acc, seen) {
    for (const s of ss.selections) {
      if (s.kind === 'Field') acc.push({ node: s, parent, def: parent ? schema.field(parent, s.name.value) : null });
      else if (s.kind === 'InlineFragment') collectFields(s.selectionSet, s.typeCondition ? schema.type(s.typeCondition.value) : parent, acc, seen);
      else if (s.kind === 'FragmentSpread') {
        const f = fragments.get(s.name.value);
        if (f && !seen.has(f.name.value)) { seen.add(f.name.value); collectFields(f.selectionSet, schema.type(f.typeCondition.value), acc, seen); }
      }
    }
    return acc;
  }

  /** Fields that share a response name must be the same field with the
   *  same arguments (unless their parents are different object types), and
   *  must return compatible types (OverlappingFieldsCanBeMerged, one level
   *  deep). */
  function checkConflicts(ss, parent) {
    const byName = new Map();
    for (const f of collectFields(ss, parent, [], new Set())) {
      const key = (f.node.alias || f.node.name).value;
      if (!byName.has(key)) byName.set(key, []);
      byName.get(key).push(f);
    }
    for (const [key, list] of byName) {
      for (let i = 1; i < list.length; i++) {
        for (let j = 0; j < i; j++) {
          const a = list[j]; const b = list[i];
          if (a.node === b.node) continue;
          const exclusive = a.parent && b.parent && a.parent !== b.parent && a.parent.kind === 'OBJECT' && b.parent.kind === 'OBJECT';
          let reason = null;
          if (!exclusive && a.node.name.value !== b.node.name.value) reason = `"${a.node.name.value}" and "${b.node.name.value}" are different fields`;
          else if (!exclusive && !sameArguments(a.node.arguments, b.node.arguments)) reason = 'they have differing arguments';
          else if (a.def && b.def && typesConflict(a.def.type, b.def.type)) reason = `they return conflicting types "${typeString(a.def.type)}" and "${typeString(b.def.type)}"`;
          if (reason) { err(b.node.alias || b.node.name, `Fields "${key}" conflict because ${reason}. Use different aliases on the fields to fetch both if this was intentional.`); i = list.length; break; }
        }
      }
    }
  }
  // Values compare as graphql-js compares them: printed, object fields sorted.
  const canon = (v) => (v.kind === 'ObjectValue' ? '{' + v.fields.map(f => f.name.value + ':' + canon(f.value)).sort().join(',') + '}'
    : v.kind === 'ListValue' ? '[' + v.values.map(canon).join(',') + ']' : print(v));
  const sameArguments = (x, y) => x.length === y.length && x.every(a => { const b = y.find(c => c.name.value === a.name.value); return b && canon(a.value) === canon(b.value); });
  function typesConflict(t1, t2) {
    if (t1.kind === 'LIST') return t2.kind === 'LIST' ? typesConflict(t1.ofType, t2.ofType) : true;
    if (t2.kind === 'LIST') return true;
    if (t1.kind === 'NON_NULL') return t2.kind === 'NON_NULL' ? typesConflict(t1.ofType, t2.ofType) : true;
    if (t2.kind === 'NON_NULL') return true;
    if (isLeaf(t1) || isLeaf(t2)) return t1.name !== t2.name;
    return false;
  }

  function checkSelections(ss, parent, vars, usage, spreadsSeen) {
    checkConflicts(ss, parent);
    for (const s of ss.selections) {
      if (s.kind === 'Field') {
        checkDirectives(s.directives, vars, usage);
        const def = schema.field(parent, s.name.value);
        if (!def) {
          err(s.name, `Cannot query field "${s.name.value}" on type "${parent.name}".` + fieldHint(parent, s.name.value));
          collectVars(s, usage, fragments, spreadsSeen);
          continue;
        }
        if (def.isDeprecated) err(s.name, `The field ${parent.name}.${def.name} is deprecated. ${def.deprecationReason || ''}`.trim(), 'warning');
        checkArgs(s.arguments, def.args || [], `field "${parent.name}.${def.name}"`, vars, usage, s.name);
        const t = schema.type(namedType(def.type).name);
        if (isLeaf(t) && s.selectionSet) err(s.selectionSet, `Field "${s.name.value}" must not have a selection since type "${typeString(def.type)}" has no subfields.`);
        else if (t && !isLeaf(t) && !s.selectionSet) err(s.name, `Field "${s.name.value}" of type "${typeString(def.type)}" must have a selection of subfields. Did you mean "${s.name.value} { ... }"?`);
        else if (t && s.selectionSet) checkSelections(s.selectionSet, t, vars, usage, spreadsSeen);
      } else if (s.kind === 'InlineFragment') {
        checkDirectives(s.directives, vars, usage);
        let t = parent;
        if (s.typeCondition) {
          t = schema.type(s.typeCondition.value);
          if (!t) { err(s.typeCondition, `Unknown type "${s.typeCondition.value}".` + typeHint(s.typeCondition.value)); collectVars(s, usage, fragments, spreadsSeen); continue; }
          if (!schema.fragmentTargets(parent).includes(t)) err(s.typeCondition, `Fragment cannot be spread here as objects of type "${parent.name}" can never be of type "${t.name}".`);
        }
        checkSelections(s.selectionSet, t, vars, usage, spreadsSeen);
      } else if (s.kind === 'FragmentSpread') {
        checkDirectives(s.directives, vars, usage);
        const f = fragments.get(s.name.value);
        if (!f) { err(s.name, `Unknown fragment "${s.name.value}".`); continue; }
        const t = schema.type(f.typeCondition.value);
        if (t && !schema.fragmentTargets(parent).includes(t)) err(s, `Fragment "${s.name.value}" cannot be spread here as objects of type "${parent.name}" can never be of type "${t.name}".`);
        if (!spreadsSeen.has(f.name.value)) {
          spreadsSeen.add(f.name.value);
          if (t) checkSelections(f.selectionSet, t, vars, usage, spreadsSeen);
          else collectVars(f.selectionSet, usage, fragments, spreadsSeen);
        }
      }
    }
  }

  for (const d of doc.definitions) {
    if (d.kind === 'FragmentDefinition') {
      const t = schema.type(d.typeCondition.value);
      if (!t) err(d.typeCondition, `Unknown type "${d.typeCondition.value}".` + typeHint(d.typeCondition.value));
      else if (!/^(OBJECT|INTERFACE|UNION)$/.test(t.kind)) err(d.typeCondition, `Fragment "${d.name.value}" cannot condition on non composite type "${t.name}".`);
      if (!ops.some(o => usesFragment(o, d.name.value, fragments, new Set()))) err(d.name, `Fragment "${d.name.value}" is never used.`);
      continue;
    }
    const root = schema.rootType(d.operation);
    // The September 2025 spec's "Operation Type Existence", with the server's message.
    if (!root) { err(d.keyword || { start: d.start, end: d.start + d.operation.length }, `The ${d.operation} operation is not supported by the schema.`); continue; }
    const vars = new Map();
    for (const v of d.variableDefinitions) {
      const n = v.variable.name.value;
      if (vars.has(n)) err(v.variable, `There can be only one variable named "$${n}".`);
      vars.set(n, v);
      const tn = astNamed(v.type);
      const t = schema.type(tn);
      if (!t) { const tt = v.type; let nt = tt; while (nt.type) nt = nt.type; err(nt, `Unknown type "${tn}".` + typeHint(tn)); }
      else if (!isInputKind(t)) err(v.type, `Variable "$${n}" cannot be non-input type "${astTypeString(v.type)}".`);
      if (v.defaultValue && t) checkValue(v.defaultValue, refFromAst(v.type, schema), vars, []);
    }
    const usage = [];
    checkDirectives(d.directives, vars, usage);
    checkSelections(d.selectionSet, root, vars, usage, new Set());
    const used = new Set();
    for (const u of usage) {
      const node = u.node || u;
      const n = node.name.value;
      used.add(n);
      const def = vars.get(n);
      if (!def) { err(node, d.name ? `Variable "$${n}" is not defined by operation "${d.name.value}".` : `Variable "$${n}" is not defined.`); continue; }
      if (u.type && !compatible(def, u.type, u.hasDefault)) {
        err(node, `Variable "$${n}" of type "${astTypeString(def.type)}" used in position expecting type "${typeString(u.type)}".`);
      }
    }
    for (const [n, v] of vars) if (!used.has(n)) err(v.variable, d.name ? `Variable "$${n}" is never used in operation "${d.name.value}".` : `Variable "$${n}" is never used.`);
  }
  const seenDiag = new Set();
  const unique = out.filter(d => { const k = d.start + '|' + d.message; if (seenDiag.has(k)) return false; seenDiag.add(k); return true; });
  out.length = 0; out.push(...unique);
  out.sort((a, b) => a.start - b.start);
  return { diagnostics: out, parsed: r };
}

/** Every variable used anywhere under an AST node (for parts of the
 *  document that cannot be checked, so their variables still count). */
function collectVars(node, usage, fragments, seen) {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) { for (const n of node) collectVars(n, usage, fragments, seen); return; }
  if (node.kind === 'Variable') { usage.push(node); return; }
  if (node.kind === 'FragmentSpread' && fragments && !seen.has(node.name.value)) {
    seen.add(node.name.value);
    collectVars(fragments.get(node.name.value), usage, fragments, seen);
  }
  for (const k of ['arguments', 'directives', 'selectionSet', 'selections', 'value', 'values', 'fields']) if (node[k]) collectVars(node[k], usage, fragments, seen);
}

/** graphql-js's " Did you mean …?" suffix. */
export function didYouMean(sub, list) {
  if (list === undefined) { list = sub; sub = ''; }
  const q = list.slice(0, 5).map(x => `"${x}"`);
  if (!q.length) return '';
  const head = ' Did you mean ' + (sub ? sub + ' ' : '');
  if (q.length === 1) return head + q[0] + '?';
  if (q.length === 2) return head + q[0] + ' or ' + q[1] + '?';
  const last = q.pop();
  return head + q.join(', ') + ', or ' + last + '?';
}

/** The options close to `input` by edit distance, closest first. */
export function suggest(input, options) {
  const threshold = Math.floor(input.length * 0.4) + 1;
  const lower = input.toLowerCase();
  const scored = [];
  for (const o of options) {
    const d = lower === o.toLowerCase() ? 1 : distance(input, o, threshold);
    if (d <= threshold) scored.push([d, o]);
  }
  scored.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  return scored.map(x => x[1]);
}
function distance(a, b, limit) {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows = [];
  for (let i = 0; i <= a.length; i++) { rows.push(new Array(b.length + 1).fill(0)); rows[i][0] = i; }
  for (let j = 0; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, rows[i - 2][j - 2] + 1);
      rows[i][j] = v;
    }
  }
  return rows[a.length][b.length];
}

function usesFragment(node, name, fragments, seen) {
  const ss = node.selectionSet;
  if (!ss) return false;
  for (const s of ss.selections) {
    if (s.kind === 'FragmentSpread') {
      if (s.name.value === name) return true;
      const f = fragments.get(s.name.value);
      if (f && !seen.has(f.name.value)) { seen.add(f.name.value); if (usesFragment(f, name, fragments, seen)) return true; }
    } else if (usesFragment(s, name, fragments, seen)) return true;
  }
  return false;
}

export function refFromAst(t, schema) {
  if (t.kind === 'NonNullType') return { kind: 'NON_NULL', ofType: refFromAst(t.type, schema) };
  if (t.kind === 'ListType') return { kind: 'LIST', ofType: refFromAst(t.type, schema) };
  const nt = schema.type(t.name.value);
  return { kind: nt ? nt.kind : 'SCALAR', name: t.name.value };
}

function compatible(def, expected, locationHasDefault) {
  let vt = def.type;
  if (expected.kind === 'NON_NULL' && vt.kind !== 'NonNullType') {
    if (!(def.defaultValue && def.defaultValue.kind !== 'NullValue') && !locationHasDefault) return false;
    expected = expected.ofType;
  }
  return subtype(vt, expected);
}
function subtype(vt, ref) {
  if (ref.kind === 'NON_NULL') return vt.kind === 'NonNullType' && subtype(vt.type, ref.ofType);
  if (vt.kind === 'NonNullType') return subtype(vt.type, ref);
  if (ref.kind === 'LIST') return vt.kind === 'ListType' && subtype(vt.type, ref.ofType);
  if (vt.kind === 'ListType') return false;
  return vt.name.value === ref.name;
}

// ------------------------------------------------------------- completion

const EXECUTABLE_LOCATIONS = new Set(['QUERY', 'MUTATION', 'SUBSCRIPTION', 'FIELD', 'FRAGMENT_DEFINITION', 'FRAGMENT_SPREAD', 'INLINE_FRAGMENT', 'VARIABLE_DEFINITION']);

/** What the parser was in the middle of at `pos`, resolved against the
 *  schema: {kind, parentType, field, argDef, inputType, vars, prefix,
 *  from}. kind is one of field, argument, value, type, typeCondition,
 *  directive, variable, spread, definition, objectField, none. */
export function contextAt(src, pos, schema) {
  const before = src.slice(0, pos);
  const m = /[_A-Za-z][_0-9A-Za-z]*$/.exec(before);
  const prefix = m ? m[0] : '';
  const from = pos - prefix.length;
  const head = src.slice(0, from);
  // Inside a string or comment: nothing to complete.
  const r = parse(head);
  const last = r.tokens[r.tokens.length - 1];
  if (last && last.end > head.length - 1 && (last.kind === 'comment' || (last.kind === 'error' && last.value[0] === '"'))) return { kind: 'none', prefix, from };
  if (last && last.kind === 'comment' && last.end >= head.length) return { kind: 'none', prefix, from };
  if (!r.error || !r.error.eof) {
    // The text parses completely (or fails before the cursor).
    return { kind: r.error ? 'none' : 'definition', prefix, from };
  }
  const ctx = { kind: r.expect, prefix, from, vars: [], stack: r.stack };
  if (ctx.kind === 'afterField') ctx.kind = 'selection';
  if (ctx.kind === 'variableRef') ctx.kind = 'variable';
  if (!schema) return ctx;
  let parent = null; let fieldDef = null; let argDefs = null; let inputRef = null; let directive = null;
  for (const f of r.stack) {
    switch (f.k) {
      case 'op': parent = schema.rootType(f.op); ctx.vars = f.vars; ctx.op = f; break;
      case 'frag': parent = schema.type(f.type); break;
      case 'inline': if (f.type) parent = schema.type(f.type); break;
      case 'field':
        fieldDef = parent ? schema.field(parent, f.name) : null;
        parent = fieldDef ? schema.type(namedType(fieldDef.type).name) : null;
        break;
      case 'args':
        argDefs = f.owner === 'directive' ? (directive ? directive.args : null) : (fieldDef ? fieldDef.args : null);
        ctx.given = f.given.map(a => a.name.value);
        break;
      case 'directive': directive = schema.directives.find(d => d.name === f.name) || null; break;
      case 'arg': { const a = argDefs ? argDefs.find(x => x.name === f.name) : null; inputRef = a ? a.type : null; ctx.argDef = a; break; }
      case 'vardefault': inputRef = refFromAst(f.type, schema); break;
      case 'list': inputRef = unwrapList(inputRef); break;
      case 'object': ctx.given = f.given.map(a => a.name.value); break;
      case 'objfield': {
        const t = inputRef && schema.type(namedType(inputRef).name);
        const d = t && t.inputFields ? t.inputFields.find(x => x.name === f.name) : null;
        inputRef = d ? d.type : null;
        break;
      }
      default: break;
    }
  }
  ctx.parentType = parent;
  ctx.fieldDef = fieldDef;
  ctx.argDefs = argDefs;
  ctx.inputRef = inputRef;
  if (ctx.kind === 'objectField') {
    const t = inputRef && schema.type(namedType(inputRef).name);
    ctx.argDefs = t && t.inputFields ? t.inputFields : [];
  }
  return ctx;
}
function unwrapList(ref) {
  if (ref && ref.kind === 'NON_NULL') ref = ref.ofType;
  return ref && ref.kind === 'LIST' ? ref.ofType : ref;
}

/** Completion candidates at `pos`: {from, prefix, items: [{label, detail,
 *  description, deprecated, insert}]}. */
export function completions(src, pos, schema) {
  const ctx = contextAt(src, pos, schema);
  const items = [];
  const add = (label, detail, description, extra) => items.push(Object.assign({ label, detail: detail || '', description: description || '' }, extra || {}));
  const char = src[ctx.from - 1];
  switch (ctx.kind) {
    case 'definition':
    case 'describedDefinition':
      add('query', 'keyword', 'A query operation'); add('fragment', 'keyword', 'A named fragment');
      // A description may not stand before the shorthand query.
      if (ctx.kind === 'definition') add('{', 'keyword', 'An anonymous query');
      if (schema && schema.mutationType) add('mutation', 'keyword');
      if (schema && schema.subscriptionType) add('subscription', 'keyword');
      break;
    case 'selection':
      if (ctx.parentType) for (const f of schema.fields(ctx.parentType)) add(f.name, typeString(f.type), f.description, { deprecated: f.isDeprecated, field: f });
      break;
    case 'spread':
      add('on', 'keyword', 'An inline fragment with a type condition');
      for (const m of src.matchAll(/\bfragment\s+([_A-Za-z][_0-9A-Za-z]*)\s+on\s+([_A-Za-z][_0-9A-Za-z]*)/g)) if (m[1] !== 'on') add(m[1], 'fragment on ' + m[2]);
      break;
    case 'typeCondition':
      if (schema) for (const t of schema.fragmentTargets(ctx.parentType)) add(t.name, t.kind.toLowerCase(), t.description);
      break;
    case 'type':
      if (schema) for (const t of schema.types.values()) if (isInputKind(t) && !t.name.startsWith('__')) add(t.name, t.kind.toLowerCase(), t.description);
      break;
    case 'argument': case 'objectField':
      for (const a of ctx.argDefs || []) if (!(ctx.given || []).includes(a.name)) add(a.name, typeString(a.type), a.description, { insert: a.name + ': ' });
      break;
    case 'directive':
      if (schema) for (const d of schema.directives) if ((d.locations || []).some(l => EXECUTABLE_LOCATIONS.has(l))) add(d.name, 'directive', d.description);
      break;
    case 'variable':
      for (const v of ctx.vars || []) add(v.variable.name.value, astTypeString(v.type), 'variable');
      break;
    case 'value': {
      if (char === '$') { for (const v of ctx.vars || []) add(v.variable.name.value, astTypeString(v.type), 'variable'); break; }
      const t = schema && ctx.inputRef ? schema.type(namedType(ctx.inputRef).name) : null;
      if (t && t.kind === 'ENUM') for (const e of t.enumValues) add(e.name, t.name, e.description, { deprecated: e.isDeprecated });
      if (t && t.name === 'Boolean') { add('true', 'Boolean'); add('false', 'Boolean'); }
      if (ctx.inputRef && ctx.inputRef.kind !== 'NON_NULL') add('null', 'null');
      for (const v of ctx.vars || []) add('$' + v.variable.name.value, astTypeString(v.type), 'variable', { insert: '$' + v.variable.name.value });
      break;
    }
    default: break;
  }
  const pre = ctx.prefix.toLowerCase();
  const scored = [];
  for (const it of items) {
    const l = it.label.toLowerCase().replace(/^\$/, '');
    let score = -1;
    if (!pre) score = 1;
    else if (l.startsWith(pre)) score = 3;
    else if (l.includes(pre)) score = 2;
    else if (subsequence(pre, l)) score = 1;
    if (score > 0 && !(it.label === ctx.prefix && items.length > 0 && pre)) scored.push([score, it]);
  }
  scored.sort((a, b) => b[0] - a[0] || (a[1].deprecated ? 1 : 0) - (b[1].deprecated ? 1 : 0));
  return { from: ctx.from, prefix: ctx.prefix, kind: ctx.kind, items: scored.map(s => s[1]) };
}
function subsequence(needle, hay) {
  let i = 0;
  for (const c of hay) if (c === needle[i]) i++;
  return i === needle.length;
}

/** For Ctrl/Cmd+click: the schema element named at `pos`, as a docs target
 *  {type, field?, arg?} or null. */
export function docsTargetAt(src, pos, schema) {
  if (!schema) return null;
  const m = /[_A-Za-z][_0-9A-Za-z]*$/.exec(src.slice(0, pos));
  const n = /^[_0-9A-Za-z]*/.exec(src.slice(pos));
  const word = (m ? m[0] : '') + (n ? n[0] : '');
  if (!word) return null;
  const start = pos - (m ? m[0].length : 0);
  const r = parse(src);
  const tok = r.tokens.find(t => t.start === start && t.kind === 'name');
  if (!tok) return null;
  if (tok.role === 'type' && schema.type(word)) return { type: word };
  const ctx = contextAt(src, start, schema);
  if (tok.role === 'field' && ctx.parentType) {
    const f = schema.field(ctx.parentType, word);
    if (f && !word.startsWith('__')) return { type: ctx.parentType.name, field: word };
    return { type: ctx.parentType.name };
  }
  if (tok.role === 'arg' && ctx.fieldDef && ctx.parentType !== undefined) {
    const stack = ctx.stack || [];
    let owner = null; let parent = null;
    for (const f of stack) {
      if (f.k === 'op') parent = schema.rootType(f.op);
      else if (f.k === 'frag' || (f.k === 'inline' && f.type)) parent = schema.type(f.type);
      else if (f.k === 'field') { owner = parent; const fd = parent && schema.field(parent, f.name); parent = fd ? schema.type(namedType(fd.type).name) : null; }
    }
    if (owner) return { type: owner.name, field: ctx.fieldDef.name, arg: word };
  }
  if (tok.role === 'enum' && ctx.inputRef) return { type: namedType(ctx.inputRef).name };
  if (schema.type(word)) return { type: word };
  return null;
}

export { lineCol };

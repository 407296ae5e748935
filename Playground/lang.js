// The GraphQL language for the playground: a tokenizer that never throws,
// a recursive-descent parser for executable documents that records what it
// expected when the text ran out (used by autocompletion) and the role of
// every name it consumed (used by syntax highlighting), and a printer.

const PUNCT = '!$&()[]{}:=@|';
const NAME_START = /[_A-Za-z]/;
const NAME_REST = /[_0-9A-Za-z]*/y;
const isDigit = (ch) => ch >= '0' && ch <= '9';

/** Splits `src` into tokens: {kind, start, end, value}. Kinds: punct, spread,
 *  name, int, float, string, block, comment, error. Whitespace and commas
 *  produce no token. Never throws: bad input becomes `error` tokens. */
export function tokenize(src) {
  const tokens = [];
  const n = src.length;
  let i = 0;
  while (i < n) {
    const c = src[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === ',' || c === '\ufeff') { i++; continue; }
    const start = i;
    if (c === '#') {
      while (i < n && src[i] !== '\n' && src[i] !== '\r') i++;
      tokens.push({ kind: 'comment', start, end: i, value: src.slice(start, i) });
      continue;
    }
    if (c === '.') {
      if (src.startsWith('...', i)) { tokens.push({ kind: 'spread', start, end: i + 3, value: '...' }); i += 3; continue; }
      while (i < n && src[i] === '.') i++;
      tokens.push({ kind: 'error', start, end: i, value: src.slice(start, i), message: 'Unexpected "."' });
      continue;
    }
    if (PUNCT.includes(c)) { tokens.push({ kind: 'punct', start, end: i + 1, value: c }); i++; continue; }
    if (NAME_START.test(c)) {
      NAME_REST.lastIndex = i + 1;
      NAME_REST.exec(src);
      i = NAME_REST.lastIndex;
      tokens.push({ kind: 'name', start, end: i, value: src.slice(start, i) });
      continue;
    }
    if (c === '-' || isDigit(c)) {
      let float = false;
      if (src[i] === '-') i++;
      const digitsStart = i;
      while (i < n && isDigit(src[i])) i++;
      let bad = i === digitsStart || (src[digitsStart] === '0' && i - digitsStart > 1);
      if (src[i] === '.') { float = true; i++; const s = i; while (i < n && isDigit(src[i])) i++; if (i === s) bad = true; }
      if (src[i] === 'e' || src[i] === 'E') {
        float = true; i++;
        if (src[i] === '+' || src[i] === '-') i++;
        const s = i; while (i < n && isDigit(src[i])) i++; if (i === s) bad = true;
      }
      if (i < n && /[_A-Za-z.]/.test(src[i])) { bad = true; while (i < n && /[_0-9A-Za-z.]/.test(src[i])) i++; }
      tokens.push(bad ? { kind: 'error', start, end: i, value: src.slice(start, i), message: `Invalid number "${src.slice(start, i)}"` }
        : { kind: float ? 'float' : 'int', start, end: i, value: src.slice(start, i) });
      continue;
    }
    if (c === '"') {
      if (src.startsWith('"""', i)) {
        i += 3;
        let closed = false;
        while (i < n) {
          if (src.startsWith('\\"""', i)) { i += 4; continue; }
          if (src.startsWith('"""', i)) { i += 3; closed = true; break; }
          i++;
        }
        const raw = src.slice(start, i);
        tokens.push(closed ? { kind: 'block', start, end: i, value: blockStringValue(raw.slice(3, -3).replace(/\\"""/g, '"""')) }
          : { kind: 'error', start, end: i, value: raw, message: 'Unterminated string' });
        continue;
      }
      i++;
      let closed = false; let value = ''; let bad = null;
      while (i < n) {
        const d = src[i];
        if (d === '\n' || d === '\r') break;
        if (d === '"') { i++; closed = true; break; }
        if (d === '\\') {
          const e = src[i + 1];
          const map = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
          if (e in map) { value += map[e]; i += 2; continue; }
          if (e === 'u') {
            const u = unicodeEscape(src, i);
            if (u) { value += u.text; i = u.end; continue; }
            bad = bad || 'Invalid Unicode escape sequence';
            i += 2; continue;
          }
          bad = bad || 'Invalid character escape sequence';
          i += 2; continue;
        }
        value += d; i++;
      }
      tokens.push(closed && !bad ? { kind: 'string', start, end: i, value }
        : { kind: 'error', start, end: i, value: src.slice(start, i), message: bad || 'Unterminated string' });
      continue;
    }
    i++;
    tokens.push({ kind: 'error', start, end: i, value: c,
      message: c === "'" ? 'Unexpected single quote character (\'), did you mean to use a double quote (")?' : `Unexpected character: ${JSON.stringify(c)}` });
  }
  return tokens;
}

/** Reads `\\u{...}` or `\\uXXXX` (with a surrogate pair) at `i`; null when
 *  it is not a valid Unicode scalar value. */
function unicodeEscape(src, i) {
  let m = /^\{([0-9A-Fa-f]{1,8})\}/.exec(src.slice(i + 2, i + 13));
  if (m) {
    const cp = parseInt(m[1], 16);
    if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return null;
    return { text: String.fromCodePoint(cp), end: i + 2 + m[0].length };
  }
  m = /^[0-9A-Fa-f]{4}/.exec(src.slice(i + 2, i + 6));
  if (!m) return null;
  const hi = parseInt(m[0], 16);
  if (hi >= 0xd800 && hi <= 0xdbff) {
    const t = /^\\u([0-9A-Fa-f]{4})/.exec(src.slice(i + 6, i + 12));
    const lo = t ? parseInt(t[1], 16) : -1;
    if (lo >= 0xdc00 && lo <= 0xdfff) return { text: String.fromCharCode(hi, lo), end: i + 12 };
    return null;
  }
  if (hi >= 0xdc00 && hi <= 0xdfff) return null;
  return { text: String.fromCharCode(hi), end: i + 6 };
}

/** The value of a block string per the spec's BlockStringValue(). */
export function blockStringValue(raw) {
  const lines = raw.split(/\r\n|[\n\r]/);
  let common = null;
  for (let i = 1; i < lines.length; i++) {
    const l = lines[i]; const ind = l.length - l.replace(/^[ \t]+/, '').length;
    if (ind < l.length && (common === null || ind < common)) common = ind;
  }
  if (common) for (let i = 1; i < lines.length; i++) lines[i] = lines[i].slice(common);
  while (lines.length && /^[ \t]*$/.test(lines[0])) lines.shift();
  while (lines.length && /^[ \t]*$/.test(lines[lines.length - 1])) lines.pop();
  return lines.join('\n');
}

/** Line and column (1-based) of an offset. */
export function lineCol(src, pos) {
  let line = 1; let col = 1;
  for (let i = 0; i < pos && i < src.length; i++) {
    const c = src[i];
    if (c === '\n' || (c === '\r' && src[i + 1] !== '\n')) { line++; col = 1; } else if (c !== '\r') col++;
  }
  return { line, column: col };
}

export class SyntaxError extends Error {
  constructor(message, start, end, eof) { super(message); this.start = start; this.end = end; this.eof = eof; }
}

function describe(tok) {
  if (!tok) return '<EOF>';
  if (tok.kind === 'punct' || tok.kind === 'spread') return `"${tok.value}"`;
  if (tok.kind === 'name') return `Name "${tok.value}"`;
  if (tok.kind === 'int') return `Int "${tok.value}"`;
  if (tok.kind === 'float') return `Float "${tok.value}"`;
  if (tok.kind === 'string' || tok.kind === 'block') return `String ${JSON.stringify(tok.value)}`;
  return `"${tok.value}"`;
}

/**
 * Parses an executable document. Returns {doc, tokens, error}. When parsing
 * stops, `error` is a SyntaxError and `expect` tells what the parser was
 * looking for ('definition', 'describedDefinition' (after a description:
 * not the shorthand query), 'selection', 'argument', 'value', 'type',
 * 'typeCondition', 'directive', 'variable', 'fragmentName', 'objectField',
 * 'other'), with `stack` the chain of enclosing frames (used by completion).
 */
export function parse(src) {
  const all = tokenize(src);
  const toks = all.filter(t => t.kind !== 'comment');
  let p = 0;
  const stack = [];
  let expect = 'definition';
  const eofPos = src.length;

  const peek = () => toks[p];
  const fail = (msg, tok) => {
    if (!tok) throw new SyntaxError(`Syntax Error: ${msg}`, eofPos, eofPos, true);
    if (tok.kind === 'error') throw new SyntaxError(`Syntax Error: ${tok.message.replace(/[^?]$/, '$&.')}`, tok.start, tok.end, false);
    throw new SyntaxError(`Syntax Error: ${msg}`, tok.start, tok.end, false);
  };
  const isP = (v) => { const t = toks[p]; return t && (t.kind === 'punct' || t.kind === 'spread') && t.value === v; };
  const skipP = (v) => { if (isP(v)) { p++; return true; } return false; };
  const expectP = (v) => { const t = toks[p]; if (!isP(v)) fail(`Expected "${v}", found ${describe(t)}.`, t); p++; return t; };
  const name = (role) => {
    const t = toks[p];
    if (!t || t.kind !== 'name') fail(`Expected Name, found ${describe(t)}.`, t);
    p++; t.role = role;
    return { value: t.value, start: t.start, end: t.end };
  };
  const keyword = (k) => { const t = toks[p]; if (!t || t.kind !== 'name' || t.value !== k) fail(`Expected "${k}", found ${describe(t)}.`, t); p++; t.role = 'keyword'; };

  function document() {
    const definitions = [];
    expect = 'definition';
    if (!toks.length) fail('Unexpected <EOF>.', undefined);
    while (p < toks.length) { definitions.push(definition()); expect = 'definition'; }
    return { kind: 'Document', definitions };
  }
  // A description (September 2025 spec: also on operations, fragments and
  // variable definitions), as a StringValue node, or null.
  const isDescription = (t) => t && (t.kind === 'string' || t.kind === 'block');
  function description() {
    const t = peek();
    if (!isDescription(t)) return null;
    p++;
    return { kind: 'StringValue', value: t.value, block: t.kind === 'block', start: t.start, end: t.end };
  }
  function definition() {
    const start = peek();
    let desc = null;
    if (isDescription(start)) {
      const next = toks[p + 1];
      if (!next) { expect = 'describedDefinition'; fail('Unexpected <EOF>.', undefined); }
      if (next.kind === 'punct' && next.value === '{') fail('Unexpected description, descriptions are not supported on shorthand queries.', start);
      if (next.kind !== 'name') fail(`Unexpected ${describe(next)}.`, next);
      const executable = ['query', 'mutation', 'subscription', 'fragment'].includes(next.value);
      const typeSystem = ['schema', 'scalar', 'type', 'interface', 'union', 'enum', 'input', 'directive'].includes(next.value);
      if (!executable && !typeSystem) fail('Unexpected description, descriptions are supported only on type definitions.', start);
      desc = description();
    }
    const t = peek();
    if (!desc && isP('{')) {
      const frame = { k: 'op', op: 'query', vars: [] };
      stack.push(frame);
      const ss = selectionSet();
      stack.pop();
      return { kind: 'OperationDefinition', operation: 'query', name: null, variableDefinitions: [], directives: [], selectionSet: ss, start: t.start, end: ss.end };
    }
    if (t.kind === 'name') {
      if (t.value === 'query' || t.value === 'mutation' || t.value === 'subscription') {
        p++; t.role = 'keyword';
        const frame = { k: 'op', op: t.value, vars: [] };
        stack.push(frame);
        expect = 'other';
        const nm = peek() && peek().kind === 'name' ? name('def') : null;
        const vars = [];
        if (isP('(')) {
          p++;
          stack.push({ k: 'vardefs' });
          do { expect = 'variable'; const v = variableDefinition(); vars.push(v); frame.vars.push(v); } while (!isP(')'));
          expectP(')');
          stack.pop();
        }
        const dirs = directives('op');
        expect = 'other';
        const ss = selectionSet();
        stack.pop();
        return { kind: 'OperationDefinition', description: desc, operation: t.value, keyword: { start: t.start, end: t.end }, name: nm, variableDefinitions: vars, directives: dirs, selectionSet: ss, start: start.start, end: ss.end };
      }
      if (t.value === 'fragment') {
        p++; t.role = 'keyword';
        expect = 'other';
        const nm = name('def');
        if (nm.value === 'on') fail('Unexpected Name "on".', toks[p - 1]);
        keyword('on');
        expect = 'typeCondition';
        const tc = name('type');
        const frame = { k: 'frag', type: tc.value };
        stack.push(frame);
        const dirs = directives('frag');
        expect = 'other';
        const ss = selectionSet();
        stack.pop();
        return { kind: 'FragmentDefinition', description: desc, name: nm, typeCondition: tc, directives: dirs, selectionSet: ss, start: start.start, end: ss.end };
      }
    }
    fail(`Unexpected ${describe(t)}.`, t);
  }
  function variableDefinition() {
    const s = peek();
    const desc = description();
    const dollar = expectP('$');
    const v = name('variable');
    expect = 'other';
    expectP(':');
    expect = 'type';
    const frame = { k: 'vartype' };
    stack.push(frame);
    const type = typeRef();
    stack.pop();
    let def = null;
    if (skipP('=')) { expect = 'value'; stack.push({ k: 'vardefault', type }); def = value(true); stack.pop(); }
    const dirs = directives('vardef');
    expect = 'variable';
    return { kind: 'VariableDefinition', description: desc, variable: { name: v, start: dollar.start, end: v.end }, type, defaultValue: def, directives: dirs, start: s.start, end: toks[p - 1].end };
  }
  function typeRef() {
    const s = peek();
    let t;
    if (skipP('[')) {
      expect = 'type';
      const inner = typeRef();
      expectP(']');
      t = { kind: 'ListType', type: inner, start: s.start, end: toks[p - 1].end };
    } else {
      const nm = name('type');
      t = { kind: 'NamedType', name: nm, start: nm.start, end: nm.end };
    }
    if (skipP('!')) t = { kind: 'NonNullType', type: t, start: t.start, end: toks[p - 1].end };
    return t;
  }
  function selectionSet() {
    const open = expectP('{');
    const selections = [];
    do { expect = 'selection'; selections.push(selection()); } while (!isP('}'));
    expect = 'selection';
    const close = expectP('}');
    return { kind: 'SelectionSet', selections, start: open.start, end: close.end };
  }
  function selection() {
    const s = peek();
    if (isP('...')) {
      p++;
      expect = 'spread';
      const t = peek();
      if (!t) fail('Expected Name, found <EOF>.', t);
      if (t && t.kind === 'name' && t.value !== 'on') {
        const nm = name('fragment');
        const dirs = directives('spread');
        return { kind: 'FragmentSpread', name: nm, directives: dirs, start: s.start, end: toks[p - 1].end };
      }
      let tc = null;
      if (t && t.kind === 'name' && t.value === 'on') { keyword('on'); expect = 'typeCondition'; tc = name('type'); }
      const frame = { k: 'inline', type: tc ? tc.value : null };
      stack.push(frame);
      const dirs = directives('inline');
      expect = 'other';
      const ss = selectionSet();
      stack.pop();
      return { kind: 'InlineFragment', typeCondition: tc, directives: dirs, selectionSet: ss, start: s.start, end: ss.end };
    }
    let nm = name('field');
    let alias = null;
    const frame = { k: 'field', name: nm.value };
    if (isP(':')) {
      toks[p - 1].role = 'alias';
      p++;
      expect = 'selection';
      alias = nm; nm = name('field');
      frame.name = nm.value;
    }
    stack.push(frame);
    expect = 'afterField';
    const args = argumentsList('field');
    const dirs = directives('field');
    let ss = null;
    if (isP('{')) ss = selectionSet();
    stack.pop();
    return { kind: 'Field', alias, name: nm, arguments: args, directives: dirs, selectionSet: ss, start: s.start, end: toks[p - 1].end };
  }
  function argumentsList(owner) {
    if (!isP('(')) return [];
    p++;
    const args = [];
    stack.push({ k: 'args', owner, given: args });
    do {
      expect = 'argument';
      const nm = name('arg');
      expect = 'other';
      expectP(':');
      expect = 'value';
      stack.push({ k: 'arg', name: nm.value });
      const v = value(false);
      stack.pop();
      args.push({ kind: 'Argument', name: nm, value: v, start: nm.start, end: v.end });
      expect = 'argument';
    } while (!isP(')'));
    expectP(')');
    stack.pop();
    return args;
  }
  function directives(loc) {
    const dirs = [];
    while (isP('@')) {
      const s = peek(); p++;
      expect = 'directive';
      const nm = name('directive');
      stack.push({ k: 'directive', name: nm.value, loc });
      const args = argumentsList('directive');
      stack.pop();
      dirs.push({ kind: 'Directive', name: nm, arguments: args, start: s.start, end: toks[p - 1].end });
    }
    return dirs;
  }
  function value(isConst) {
    const t = peek();
    if (!t) fail('Unexpected <EOF>.', t);
    if (isP('$')) {
      p++;
      if (isConst) { const nt = peek(); if (nt && nt.kind === 'name') fail(`Unexpected variable "$${nt.value}" in constant value.`, t); }
      expect = 'variableRef';
      const nm = name('variable');
      return { kind: 'Variable', name: nm, start: t.start, end: nm.end };
    }
    if (isP('[')) {
      p++;
      const values = [];
      stack.push({ k: 'list' });
      while (!isP(']')) { expect = 'value'; values.push(value(isConst)); }
      expectP(']');
      stack.pop();
      return { kind: 'ListValue', values, start: t.start, end: toks[p - 1].end };
    }
    if (isP('{')) {
      p++;
      const fields = [];
      const frame = { k: 'object', given: fields };
      stack.push(frame);
      while (!isP('}')) {
        expect = 'objectField';
        const nm = name('arg');
        expect = 'other';
        expectP(':');
        expect = 'value';
        stack.push({ k: 'objfield', name: nm.value });
        const v = value(isConst);
        stack.pop();
        fields.push({ kind: 'ObjectField', name: nm, value: v, start: nm.start, end: v.end });
      }
      expectP('}');
      stack.pop();
      return { kind: 'ObjectValue', fields, start: t.start, end: toks[p - 1].end };
    }
    p++;
    switch (t.kind) {
      case 'int': t.role = 'number'; return { kind: 'IntValue', value: t.value, start: t.start, end: t.end };
      case 'float': t.role = 'number'; return { kind: 'FloatValue', value: t.value, start: t.start, end: t.end };
      case 'string': t.role = 'string'; return { kind: 'StringValue', value: t.value, block: false, start: t.start, end: t.end };
      case 'block': t.role = 'string'; return { kind: 'StringValue', value: t.value, block: true, start: t.start, end: t.end };
      case 'name':
        if (t.value === 'true' || t.value === 'false') { t.role = 'keyword'; return { kind: 'BooleanValue', value: t.value === 'true', start: t.start, end: t.end }; }
        if (t.value === 'null') { t.role = 'keyword'; return { kind: 'NullValue', start: t.start, end: t.end }; }
        t.role = 'enum';
        return { kind: 'EnumValue', value: t.value, start: t.start, end: t.end };
      default:
        p--; fail(`Unexpected ${describe(t)}.`, t);
    }
  }

  try {
    const doc = document();
    return { doc, tokens: all, error: null };
  } catch (e) {
    if (!(e instanceof SyntaxError)) throw e;
    return { doc: null, tokens: all, error: e, expect, stack: stack.slice() };
  }
}

// ---------------------------------------------------------------- printer

const MAX_LINE = 80;

function indent(s) { return s ? '  ' + s.replace(/\n/g, '\n  ') : ''; }
function join(parts, sep = '') { return parts.filter(Boolean).join(sep); }
function wrap(a, s, b) { return s ? a + s + (b || '') : ''; }

function printString(str) {
  return '"' + str.replace(/[\x00-\x1f"\\\x7f-\x9f]/g, (c) => {
    const m = { '"': '\\"', '\\': '\\\\', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
    return m[c] || '\\u' + c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
  }) + '"';
}

function printBlock(value) {
  const escaped = value.replace(/"""/g, '\\"""');
  const lines = value.split(/\r\n|[\n\r]/g);
  const single = lines.length === 1;
  const forceLead = lines.length > 1 && lines.slice(1).every(l => l.length === 0 || /^[ \t]/.test(l));
  const trailQuote = escaped.endsWith('\\"""');
  const trailSlash = value.endsWith('"') && !trailQuote;
  const trailBack = value.endsWith('\\');
  const forceTrail = trailSlash || trailBack;
  const printAsMultiple = !single || value.endsWith('"') || forceTrail || trailQuote || forceLead;
  let out = '';
  const skipLead = single && /^[ \t]/.test(value);
  if ((printAsMultiple && !skipLead) || forceLead) out += '\n';
  out += escaped;
  if (printAsMultiple || forceTrail) out += '\n';
  return '"""' + out + '"""';
}

/** A node's description and a newline, or '' (graphql-js's `wrap('', description, '\n')`). */
function description(node) { return node.description ? print(node.description) + '\n' : ''; }

/** Prints an AST node the way graphql-js `print` does. */
export function print(node) {
  switch (node.kind) {
    case 'Document': return node.definitions.map(withComments).join('\n\n') + trailingComments(node, '\n\n');
    case 'OperationDefinition': {
      // One variable definition a line when any takes more (a description).
      const defs = node.variableDefinitions.map(print);
      const vars = defs.some(d => d.includes('\n')) ? wrap('(\n', defs.join('\n'), '\n)') : wrap('(', defs.join(', '), ')');
      const prefix = description(node) + join([node.operation, join([node.name && node.name.value, vars]), join(node.directives.map(print), ' ')], ' ');
      return (prefix === 'query' ? '' : prefix + ' ') + print(node.selectionSet);
    }
    case 'VariableDefinition':
      return description(node) + '$' + node.variable.name.value + ': ' + print(node.type) + wrap(' = ', node.defaultValue && print(node.defaultValue)) + wrap(' ', join(node.directives.map(print), ' '));
    case 'SelectionSet': return '{\n' + indent(node.selections.map(withComments).join('\n') + trailingComments(node, '\n')) + '\n}';
    case 'Field': {
      const prefix = wrap('', node.alias && node.alias.value, ': ') + node.name.value;
      const args = node.arguments.map(print);
      let argsLine = prefix + wrap('(', args.join(', '), ')');
      if (argsLine.length > MAX_LINE) argsLine = prefix + wrap('(\n', indent(args.join('\n')), '\n)');
      return join([argsLine, join(node.directives.map(print), ' '), node.selectionSet && print(node.selectionSet)], ' ');
    }
    case 'Argument': case 'ObjectField': return node.name.value + ': ' + print(node.value);
    case 'FragmentSpread': return '...' + node.name.value + wrap(' ', join(node.directives.map(print), ' '));
    case 'InlineFragment':
      return join(['...', wrap('on ', node.typeCondition && node.typeCondition.value), join(node.directives.map(print), ' '), print(node.selectionSet)], ' ');
    case 'FragmentDefinition':
      return description(node) + `fragment ${node.name.value} on ${node.typeCondition.value} ` + wrap('', join(node.directives.map(print), ' '), ' ') + print(node.selectionSet);
    case 'Directive': return '@' + node.name.value + wrap('(', node.arguments.map(print).join(', '), ')');
    case 'Variable': return '$' + node.name.value;
    case 'IntValue': case 'FloatValue': case 'EnumValue': return node.value;
    case 'StringValue': return node.block ? printBlock(node.value) : printString(node.value);
    case 'BooleanValue': return node.value ? 'true' : 'false';
    case 'NullValue': return 'null';
    case 'ListValue': return '[' + node.values.map(print).join(', ') + ']';
    case 'ObjectValue': return '{' + node.fields.map(print).join(', ') + '}';
    case 'NamedType': return node.name.value;
    case 'ListType': return '[' + print(node.type) + ']';
    case 'NonNullType': return print(node.type) + '!';
    default: return '';
  }
}

// Comments: graphql-js's print drops them; prettify keeps those that stand
// before or after a definition or a selection (the usual places).
let keepComments = false;
function withComments(node) {
  const out = print(node);
  if (!keepComments) return out;
  const lead = (node.leadingComments || []).map(c => c + '\n').join('');
  return lead + (node.leadingGap ? '\n' : '') + out + (node.trailingComment ? ' ' + node.trailingComment : '');
}
function trailingComments(node, sep) {
  if (!keepComments || !node.endComments || !node.endComments.length) return '';
  return sep + node.endComments.join('\n');
}

/** Ties each comment of `tokens` to the definition or selection it stands
 *  before (or on the same line after); returns how many could not be kept. */
function attachComments(doc, tokens, src) {
  const comments = tokens.filter(t => t.kind === 'comment');
  if (!comments.length) return 0;
  const used = new Set();
  const sameLine = (a, b) => !/[\n\r]/.test(src.slice(a, b));
  const take = (from, to, skipSameLineAs) => {
    const out = [];
    for (const c of comments) {
      if (c.start < from || c.start >= to || used.has(c)) continue;
      if (skipSameLineAs != null && sameLine(skipSameLineAs, c.start)) continue;
      used.add(c); out.push(c.value.trimEnd());
    }
    return out;
  };
  const siblings = (nodes, from, to, container) => {
    let prevEnd = null;
    for (const n of nodes) {
      const lead = take(prevEnd == null ? from : prevEnd, n.start, prevEnd);
      if (lead.length) {
        n.leadingComments = lead;
        const last = comments.filter(c => used.has(c) && c.end <= n.start).pop();
        n.leadingGap = container === doc && last && /\n[ \t\r]*\n/.test(src.slice(last.end, n.start));
      }
      const next = comments.find(c => c.start >= n.end && !used.has(c) && sameLine(n.end, c.start) && !/[^\s,]/.test(src.slice(n.end, c.start)));
      if (next) { used.add(next); n.trailingComment = next.value.trimEnd(); }
      if (n.selectionSet) siblings(n.selectionSet.selections, n.selectionSet.start + 1, n.selectionSet.end - 1, n.selectionSet);
      prevEnd = n.end;
    }
    const rest = take(prevEnd == null ? from : prevEnd, to, null);
    if (rest.length) container.endComments = rest;
  };
  siblings(doc.definitions, 0, src.length + 1, doc);
  return comments.length - used.size;
}

/** Pretty-prints `src`, keeping comments where they stand before or after
 *  a definition or selection; returns null when it does not parse. `lost`
 *  (when given an object) receives how many comments could not be kept. */
export function prettify(src, lost) {
  const r = parse(src);
  if (!r.doc) return null;
  const dropped = attachComments(r.doc, r.tokens, src);
  if (lost) lost.count = dropped;
  keepComments = true;
  try { return print(r.doc); } finally { keepComments = false; }
}

/** The operations of a document with their source ranges, for "run the
 *  operation under the cursor". */
export function operations(doc) {
  return doc ? doc.definitions.filter(d => d.kind === 'OperationDefinition') : [];
}

#!/usr/bin/env python3
"""Checks the playground's files without a browser:

  - static checks: index.html refers only to files under /playground/ that
    exist, has no inline script, style or handler; no eval; no URL of another
    site; the whole page under 250 KB;

and its own GraphQL code (Playground/lang.js and Playground/schema.js) in
Node against the graphql-js 16.6 conformance cases in ../shared/conformance
(beside the checkout):

  - printer: prettify must print every executable document exactly as
    graphql-js `print(parse(doc))` does;
  - validation markers: on the validation cases, the client-side checks
    must raise no message that graphql-js does not (no false markers), apart
    from a few known, harmless differences listed below;
  - completion and validation on the Menagerie schema contract.

  python3 Tests/Playground/test_lang.py

Needs node (Debian: apt-get install nodejs) and graphql-core (pip), which
builds the introspection results the page would get from a server. Closes
with "N passed, N failed"; exit 1 on failure, 2 when it cannot run.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CHECKOUT = os.path.dirname(os.path.dirname(HERE))
PLAYGROUND = os.path.join(CHECKOUT, 'Playground')
SHARED_CANDIDATES = [os.environ.get('MENAGERIE_SHARED') or '', os.path.join(os.path.dirname(CHECKOUT), 'shared'), '/work/shared']
SHARED = next((p for p in SHARED_CANDIDATES if p and os.path.isdir(os.path.join(p, 'conformance'))), None)

# Where the client-side markers knowingly differ from graphql-js: SDL in an
# executable document is a syntax error here (graphql-js parses it and then
# rejects it as "not executable"); operations on a missing root type are
# marked as the server does (the September 2025 spec's rule, which graphql-js
# 16.6 lacks: it reports them only when executing); the order of
# "inline fragment" suggestions on abstract types is simpler here.
KNOWN = ('Syntax Error: Unexpected Name "type".', 'Syntax Error: Unexpected Name "schema".',
         'operation is not supported by the schema', 'Did you mean to use an inline fragment on')

DRIVER = r'''
import { parse, print } from './lang.js';
import { Schema, validate, completions } from './schema.js';
import { checkVariables, fillVariables, variableCompletions } from './variables.js';
import { hoverAt, fillLeafs, fieldInsertion } from './assist.js';
import fs from 'fs';
const [casesDir, schemasFile, menagerieFile, known, varsFile] = process.argv.slice(2);
const results = [];
const check = (name, fn) => { try { const r = fn(); results.push({ name, ok: !r, detail: r || '' }); } catch (e) { results.push({ name, ok: false, detail: String(e.stack || e) }); } };

check('printer matches graphql-js on executable documents', () => {
  const lines = fs.readFileSync(casesDir + '/print/cases.jsonl', 'utf8').trim().split('\n').map(JSON.parse);
  const bad = []; let n = 0;
  for (const c of lines) {
    if (c.expected_error) { if (!parse(c.document).error) bad.push(c.id + ': parsed, graphql-js fails'); continue; }
    const r = parse(c.document);
    if (r.error) continue;  // type-system documents: not for the editor
    n++;
    if (print(r.doc) !== c.expected_print) bad.push(c.id);
  }
  if (n < 500) return `only ${n} executable documents parsed`;
  return bad.length ? bad.slice(0, 10).join(', ') + ` (${bad.length} in all)` : '';
});

// Descriptions on operations, fragments and variable definitions (September 2025 spec): printed
// as graphql-core 3.3.2 (graphql-js 17) prints them, refused where the server refuses them.
check('executable descriptions parse and print as the server does', () => {
  const cases = [
    ['"Fetch it"\nquery Q("the id" $id: ID, """\nmulti\nline\n""" $b: Int = 1) { a }',
      '"Fetch it"\nquery Q(\n"the id"\n$id: ID\n"""\nmulti\nline\n"""\n$b: Int = 1\n) {\n  a\n}'],
    ['"d" fragment F on T { a }', '"d"\nfragment F on T {\n  a\n}'],
    ['"d" query { a }', '"d"\nquery {\n  a\n}'],
    ['query ($a: String = """x\ny""") { a }', 'query (\n$a: String = """\nx\ny\n"""\n) {\n  a\n}'],
    ['"d" { a }', 'Syntax Error: Unexpected description, descriptions are not supported on shorthand queries.'],
    ['"d" foo', 'Syntax Error: Unexpected description, descriptions are supported only on type definitions.'],
    ['"a" "b" query { a }', 'Syntax Error: Unexpected String "b".'],
  ];
  const bad = [];
  for (const [doc, want] of cases) {
    const r = parse(doc);
    const got = r.error ? r.error.message : print(r.doc);
    if (got !== want) bad.push(`${JSON.stringify(doc)} → ${JSON.stringify(got)}`);
  }
  return bad.join('\n');
});

check('validation markers raise nothing graphql-js does not', () => {
  const schemas = JSON.parse(fs.readFileSync(schemasFile, 'utf8'));
  const allow = JSON.parse(known);
  const cases = fs.readFileSync(casesDir + '/validation/cases.jsonl', 'utf8').trim().split('\n').map(JSON.parse);
  const bad = []; let n = 0;
  for (const c of cases) {
    const raw = schemas[c.schema_file]; if (!raw) continue;
    n++;
    const want = new Set(c.expected_errors.map(e => e.message));
    for (const d of validate(c.document, new Schema(raw)).diagnostics) {
      if (d.severity !== 'error' || want.has(d.message) || allow.some(a => d.message.includes(a))) continue;
      bad.push(`${c.id}: ${d.message}`);
    }
  }
  if (n < 300) return `only ${n} cases ran`;
  return bad.length ? bad.slice(0, 8).join('\n') + ` (${bad.length} in all)` : '';
});

const menagerie = new Schema(JSON.parse(fs.readFileSync(menagerieFile, 'utf8')));
check('completion on the Menagerie schema', () => {
  const at = (src) => { const pos = src.indexOf('|'); return completions(src.replace('|', ''), pos, menagerie).items.map(i => i.label); };
  const expect = [
    ['{ br| }', ['breeds', 'breed']],
    ['{ breeds(| }', ['search', 'includeSubBreeds', 'limit', 'skip']],
    ['{ animals(type: |) }', ['MAMMAL', 'BIRD']],
    ['query Q($a: |', ['String', 'AnimalType', 'MonsterSize']],
    ['query Q($t: String!) { search(text: $|) }', ['t']],
    ['{ search(text: "x") { ... on | } }', ['Creature', 'Breed', 'Animal', 'Monster']],
    ['{ breed(id: "a") { facts { weight(unit: |) } } }', ['POUNDS', 'KILOGRAMS']],
    ['{ monster(index: "x") { abilities { str| } } }', ['strength']],
    ['{ breed(id: "a") @|', ['include', 'skip']],
  ];
  const bad = [];
  for (const [src, want] of expect) { const got = at(src); for (const w of want) if (!got.includes(w)) bad.push(`${src} → ${got.join(' ')} lacks ${w}`); }
  if (at('{ breeds { # it| \n } }').length) bad.push('completes inside a comment');
  // After a description (September 2025 spec): a definition's keyword, not the shorthand query.
  const described = at('"Documented" |');
  if (!described.includes('query') || !described.includes('fragment') || described.includes('{')) bad.push(`"Documented" | → ${described.join(' ')}`);
  if (!at('{ a }\n|').includes('{')) bad.push('no shorthand query offered after a definition');
  if (at('"Docu|').length) bad.push('completes inside a description');
  return bad.join('\n');
});

check('validation on the Menagerie schema', () => {
  const msgs = (src) => validate(src, menagerie).diagnostics.map(d => d.message);
  const bad = [];
  const ok = ['{ breeds(limit: 2) { items { name images(count: 3) facts { weight(unit: KILOGRAMS) { min max unit } } } } }',
    'query S($t: String!, $n: Int = 5) { search(text: $t, limit: $n) { __typename id ... on Monster { challengeRating } ...A } } fragment A on Animal { latinName }',
    '{ m: monsters(size: HUGE, minChallengeRating: 1.5) { totalCount } r: randomAnimals(count: 3) { length(unit: METERS) { min } } }',
    '"Documented" query D("How many" $n: Int = 2) { breeds(limit: $n) { ...T } } "The total" fragment T on BreedPage { totalCount }'];
  for (const q of ok) if (msgs(q).length) bad.push(q + ' → ' + msgs(q).join('; '));
  const wrong = [['{ breeds { nope } }', 'Cannot query field "nope" on type "BreedPage".'],
    ['{ breeds(limt: 1) { totalCount } }', 'Unknown argument "limt" on field "Query.breeds". Did you mean "limit"?'],
    ['"Changes" mutation M { x }', 'The mutation operation is not supported by the schema.'],
    ['{ animals(type: MAMAL) { totalCount } }', 'Value "MAMAL" does not exist in "AnimalType" enum. Did you mean the enum value "MAMMAL"?'],
    ['{ breed { id } }', 'Field "breed" argument "id" of type "ID!" is required, but it was not provided.'],
    ['{ breeds }', 'Field "breeds" of type "BreedPage" must have a selection of subfields. Did you mean "breeds { ... }"?'],
    ['query Q($x: Strin) { breed(id: $x) { id } }', 'Unknown type "Strin". Did you mean "String"?'],
    ['query Q($n: Int) { breed(id: $n) { id } }', 'Variable "$n" of type "Int" used in position expecting type "ID!".'],
    ['{ breeds(limit: 2 { totalCount } }', 'Syntax Error: Expected Name, found "{".'],
    ['{ search(text: "bear") { ... on Animal { type } ... on Monster { type } } }', 'Fields "type" conflict because they return conflicting types "AnimalType!" and "String!". Use different aliases on the fields to fetch both if this was intentional.'],
    ['{ a: breeds(limit: 1) { totalCount } a: breeds(limit: 2) { totalCount } }', 'Fields "a" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional.']];
  for (const [q, m] of wrong) if (!msgs(q).includes(m)) bad.push(q + ' → ' + msgs(q).join('; '));
  return bad.join('\n');
});

// The variables pane and the editor's helpers (Playground/variables.js,
// Playground/assist.js).
const firstOp = (src) => parse(src).doc.definitions.find(d => d.kind === 'OperationDefinition');
const mask = (m) => m.replace(/got invalid value .*?(?=( at "|; ))/, 'got invalid value V');
check('variable values checked as graphql-core coerces them', () => {
  const v = JSON.parse(fs.readFileSync(varsFile, 'utf8'));
  const schema = new Schema(v.schema);
  const op = firstOp(v.query);
  const bad = [];
  for (const c of v.cases) {
    const got = checkVariables(c.variables, op, schema).diagnostics.filter(d => d.severity === 'error').map(d => mask(d.message)).sort();
    const want = c.errors.map(mask).sort();
    if (JSON.stringify(got) !== JSON.stringify(want)) bad.push(`${c.variables}\n  got  ${got.join(' | ')}\n  want ${want.join(' | ')}`);
  }
  return v.cases.length < 20 ? 'too few cases' : bad.join('\n');
});

check('variable markers, messages, fill and completion on the Menagerie schema', () => {
  const bad = [];
  const q = 'query V($id: ID!, $n: Int = 3, $t: AnimalType, $xs: [Int!]) { breed(id: $id) { images(count: $n) } animals(type: $t, limit: $n) { totalCount } }';
  const op = firstOp(q);
  const diag = (text) => checkVariables(text, op, menagerie).diagnostics;
  const expect = (text, sub, message, severity = 'error') => {
    const d = diag(text).find(x => x.message === message);
    if (!d) bad.push(`${text}: no "${message}" in ${JSON.stringify(diag(text))}`);
    else if (text.slice(d.start, d.end) !== sub || d.severity !== severity) bad.push(`${text}: "${message}" marks ${JSON.stringify(text.slice(d.start, d.end))} (${d.severity}), not ${JSON.stringify(sub)}`);
  };
  expect('{"id": "akita", "n": "three"}', '"three"', 'Variable "$n" got invalid value "three"; Int cannot represent non-integer value: "three"');
  expect('{"id": "akita", "n": 3000000000}', '3000000000', 'Variable "$n" got invalid value 3000000000; Int cannot represent non 32-bit signed integer value: 3000000000');
  expect('{"id": "akita", "t": "FISHY"}', '"FISHY"', 'Variable "$t" got invalid value "FISHY"; Value "FISHY" does not exist in "AnimalType" enum. Did you mean the enum value "FISH"?');
  expect('{"id": "akita", "xs": [1, null]}', 'null', 'Variable "$xs" got invalid value null at "xs[1]"; Expected non-nullable type "Int!" not to be null.');
  expect('{"n": 1}', '{', 'Variable "$id" of required type "ID!" was not provided.');
  expect('{"id": null}', 'null', 'Variable "$id" of non-null type "ID!" must not be null.');
  expect('{"id": true}', 'true', 'Variable "$id" got invalid value true; ID cannot represent value: true');
  expect('{"id": "a", "nn": 1}', '"nn"', '"nn" is not a variable of operation "V". Did you mean "n"?', 'warning');
  expect('{"id": }', '}', 'Invalid JSON: Expected a value, found }');
  expect("{'id': 1}", "'", 'Invalid JSON: Unexpected character "\'"');
  expect('[1]', '[1]', 'Variables must be a JSON object ({ "name": value }).');
  expect('{"id": "a",}', '}', 'Invalid JSON: Expected no "," before it, found }');
  expect('{"id": "a" "n": 1}', '"n"', 'Invalid JSON: Expected "," or "}", found "n"');
  expect('{"id": "a"', '"a"', 'Invalid JSON: Unexpected end of JSON: expected "," or "}"');
  for (const ok of ['{"id": "akita"}', '{"id": 7, "n": null, "xs": 5, "t": "BIRD"}', '{"id": "a", "xs": [1, 2]}']) if (diag(ok).length) bad.push(`${ok}: ${JSON.stringify(diag(ok))}`);
  if (diag('').length !== 1) bad.push('an empty text misses the required $id');
  const fill = (text) => fillVariables(text, op, menagerie).text;
  if (fill('') !== JSON.stringify({ id: '', n: 3, t: 'MAMMAL', xs: [] }, null, 2)) bad.push('fill: ' + fill(''));
  if (fill('{"xs": [4], "id": "akita", "other": true}') !== JSON.stringify({ id: 'akita', n: 3, t: 'MAMMAL', xs: [4], other: true }, null, 2)) bad.push('fill keeping: ' + fill('{"xs": [4], "id": "akita", "other": true}'));
  if (!fillVariables('{"id": ', op, menagerie).error) bad.push('fill over invalid JSON');
  const labels = (text) => { const pos = text.indexOf('|'); const r = variableCompletions(text.replace('|', ''), pos, op); return r ? r.items.map(i => i.label).join(' ') : ''; };
  const wantLabels = [['{|}', '$id $n $t $xs'], ['{"|', '$id $n $t $xs'], ['{"id": "a", |}', '$n $t $xs'], ['{"x|"}', '$xs'], ['{"id": |}', ''], ['{"id": {|}}', ''], ['{"id": "|"}', '']];
  for (const [t, w] of wantLabels) if (labels(t) !== w) bad.push(`completion ${t}: ${labels(t)}`);
  const r = variableCompletions('{\n  "n\n}', 6, op);
  if (!r || r.from !== 4 || r.to !== 6 || r.items.length !== 1 || r.items[0].insert !== '"n": ') bad.push('completion range ' + JSON.stringify(r));
  return bad.join('\n');
});

check('hover help, field insertion and leaf filling on the Menagerie schema', () => {
  const bad = [];
  const hover = (src) => { const pos = src.indexOf('|'); const h = hoverAt(src.replace('|', ''), pos, menagerie); return h ? h.title + ' / ' + h.description.slice(0, 20) : null; };
  const hovers = [
    ['{ bre|eds { totalCount } }', 'Query.breeds(search: String, includeSubBreeds: Boolean = true, limit: Int = 20, skip: Int = 0): BreedPage / Dog breeds and sub-b'],
    ['{ breeds(li|mit: 2) { totalCount } }', 'limit: Int = 20 / '],
    ['{ animals(type: MAM|MAL) { totalCount } }', 'AnimalType.MAMMAL / '],
    ['{ search(text: "x") { ... on Mon|ster { id } } }', 'type Monster / A D&D 5e SRD monster'],
    ['query Q($n: Int) { breeds(limit: $|n) { totalCount } }', '$n: Int / A variable of this o'],
    ['{ breeds @inc|lude(if: true) { totalCount } }', '@include(if: Boolean!) / Directs the executor'],
    ['{ breeds { nope| } }', null],
  ];
  for (const [src, want] of hovers) if (hover(src) !== want) bad.push(`hover ${src}: ${hover(src)}`);
  // Accepting a field at the | of a text (the word there replaced): an object field gets the
  // leaf fields Run would fill in, so that it runs as it is.
  const ins = (type, name, at) => {
    const from = at.indexOf('|'); const to = at.indexOf('|', from + 1) - 1; const src = at.replace(/\|/g, '');
    return JSON.stringify(fieldInsertion(menagerie.type(type).fields.find(f => f.name === name), menagerie, src, from, to));
  };
  const insertions = [['Query', 'breeds', '{ |bre| }', '{"text":"breeds { totalCount hasMore }","caret":27}'],
    ['Query', 'breed', '{ || }', '{"text":"breed(id: ) { id name }","caret":10}'],
    ['Query', 'search', '{\n  |sea|\n}\n', '{"text":"search(text: ) {\\n    __typename\\n    id\\n    name\\n  }","caret":13}'],
    ['Query', 'breeds', '{\n  |b|\n}\n', '{"text":"breeds {\\n    totalCount\\n    hasMore\\n  }","caret":35}'],
    ['BreedPage', 'totalCount', '{ breeds { |to| } }', '{"text":"totalCount","caret":10}'], ['Query', 'breeds', '{ |bre| { items } }', '{"text":"breeds","caret":6}']];
  for (const [t, n, at, want] of insertions) if (ins(t, n, at) !== want) bad.push(`insert ${n} at ${JSON.stringify(at)}: ${ins(t, n, at)}`);
  const fill = (src) => { const r = fillLeafs(src, menagerie); return r ? src.slice(0, r.from) + r.text + src.slice(r.to) : null; };
  const fills = [
    ['{ breed(id: "akita") }', '{ breed(id: "akita") { id name } }'],
    ['{\n  breeds {\n    items\n    totalCount\n  }\n  search(text: "x")\n}\n', '{\n  breeds {\n    items {\n      id\n      name\n    }\n    totalCount\n  }\n  search(text: "x") {\n    __typename\n    id\n    name\n  }\n}\n'],
    ['{ breeds }', '{ breeds { totalCount hasMore } }'],
    ['{ monster(index: "x") { abilities speed } }', '{ monster(index: "x") { abilities { __typename } speed { walk swim fly climb burrow hover } } }'],
    ['{ breeds { totalCount } }', null],
  ];
  for (const [src, want] of fills) if (fill(src) !== want) bad.push(`fill ${JSON.stringify(src)}: ${JSON.stringify(fill(src))}`);
  const r = fillLeafs('{ a: breed(id: "x") b: breed(id: "y") }', menagerie);
  if (!r || r.map(0) !== 0 || r.map(40) !== 40 + 2 * ' { id name }'.length || r.filled.map(f => f.name).join() !== 'a,b') bad.push('fill map ' + JSON.stringify(r));
  return bad.join('\n');
});

console.log(JSON.stringify(results));
'''

VARS_SDL = '''
input Point { x: Int!, y: Int = 0, tags: [String!] }
input Area { corner: Point!, size: Size = MEDIUM, label: String }
enum Size { SMALL MEDIUM LARGE }
scalar Json
type Query { f(a: Area, p: [Point], n: Int, fl: Float, s: String, b: Boolean, id: ID, e: Size, l: [[Int!]], j: Json): Int }
'''
VARS_QUERY = ('query Q($a: Area, $p: [Point], $n: Int, $fl: Float, $s: String = "d", $b: Boolean, $id: ID, $e: Size, $l: [[Int!]], $j: Json, $r: Int!) '
              '{ f(a: $a, p: $p, n: $n, fl: $fl, s: $s, b: $b, id: $id, e: $e, l: $l, j: $j) g: f(n: $r) }')
VARS_CASES = ['{}', '{"r": null}', '{"r": 1, "n": "x", "fl": "1", "b": 0, "id": 1.5, "e": "HUGE", "s": 3}', '{"r": 1, "n": 2147483648, "fl": 2.5, "b": true, "id": -4}',
              '{"r": -2147483648, "n": -2147483649}', '{"r": 1, "a": {"corner": {"x": 1, "tags": "one"}}}',
              '{"r": 1, "a": {"corner": {"y": 2, "z": 3}, "size": "HUGE"}}', '{"r": 1, "a": 5}', '{"r": 1, "a": {"corner": null, "label": ["x"]}}',
              '{"r": 1, "p": {"x": 1}}', '{"r": 1, "p": [{"x": 1}, null, {"x": "a", "tags": [1, "b", null]}]}', '{"r": 1, "l": [[1, null], 2, [3]]}',
              '{"r": 1, "l": 5}', '{"r": 1, "j": {"any": [1, "x"]}}', '{"r": 1, "e": 1}', '{"r": 1, "id": true}', '{"r": 1, "extra": 1}',
              '{"r": 1, "a": {"corner": {"x": 1, "y": null}, "size": null}}', '{"r": 1, "s": null, "e": "SMALL", "id": "7"}', '{"r": "1"}']


def variables_cases(introspect):
    """graphql-core's own coercion errors for VARS_CASES (Playground/variables.js
    must report the same), in graphql-js's wording (quotes, null, "object")."""
    import re
    from graphql import build_schema, graphql_sync
    schema = build_schema(VARS_SDL)
    cases = []
    for text in VARS_CASES:
        result = graphql_sync(schema, VARS_QUERY, variable_values=json.loads(text))
        errors = [re.sub(r'\bNone\b', 'null', re.sub(r'\bTrue\b', 'true', e.message.replace("'", '"'))).replace('to be a mapping', 'to be an object')
                  for e in result.errors or []]
        cases.append({'variables': text, 'errors': errors})
    return {'schema': introspect(VARS_SDL), 'query': VARS_QUERY, 'cases': cases}


def static_checks():
    """The page's files, read as they are embedded: self-contained, CSP-clean,
    under the size budget. Returns (name, problem or '') pairs."""
    import re
    files = {n: open(os.path.join(PLAYGROUND, n), encoding='utf-8').read() for n in sorted(os.listdir(PLAYGROUND))}
    out = []
    html = files.get('index.html', '')
    refs = re.findall(r'(?:src|href)="([^"]+)"', html)
    bad = [r for r in refs if not (r.startswith('/playground/') and r[len('/playground/'):] in files) and not r.startswith('#')]
    imports = [m for body in files.values() for m in re.findall(r"from '([^']+)'", body)]
    bad += [m for m in imports if not (m.startswith('/playground/') and m[len('/playground/'):] in files)]
    out.append(('the page refers only to its own files', ', '.join(bad)))
    inline = re.findall(r'<script(?![^>]*\bsrc=)[^>]*>|<style\b|\sstyle=|\son[a-z]+=|javascript:', html)
    out.append(('no inline script, style or handler in index.html', ', '.join(inline)))
    evil = [n for n, body in files.items() if n.endswith('.js') and re.search(r'\beval\s*\(|new\s+Function\s*\(|setTimeout\(\s*[\'"`]|innerHTML\s*=\s*[^;]*\b(?:data|json|response)\.', body)]
    out.append(('no eval, new Function or string timers', ', '.join(evil)))
    urls = [(n, u) for n, body in files.items() for u in re.findall(r'https?://[^\s"\'`)<]+', body) if 'www.w3.org/2000/svg' not in u]
    out.append(('no absolute URL to another site', ', '.join(f'{n}: {u}' for n, u in urls)))
    size = sum(len(b.encode('utf-8')) for b in files.values())
    out.append((f'under 250 KB ({size} bytes in {len(files)} files)', '' if size < 250 * 1024 else f'{size} bytes'))
    return out


def main():
    statics = static_checks()
    node = shutil.which('node') or shutil.which('nodejs')
    if not node or not SHARED:
        print('  (skipped the language checks: ' + ('node is not installed, apt-get install -y nodejs)' if not node else 'no shared/conformance beside the checkout)'))
        results = [{'name': n, 'ok': not p, 'detail': p} for n, p in statics]
        for r in results:
            print(f"  {'ok  ' if r['ok'] else 'FAIL'}  {r['name']}" + ('' if r['ok'] else '\n        ' + r['detail']))
        passed = sum(1 for r in results if r['ok'])
        print(f'{passed} passed, {len(results) - passed} failed')
        return 0 if passed == len(results) else 1
    from graphql import build_schema, get_introspection_query, graphql_sync
    tmp = tempfile.mkdtemp(prefix='playground-lang-')
    try:
        for name in ('lang.js', 'schema.js', 'variables.js', 'assist.js'):
            with open(os.path.join(PLAYGROUND, name), encoding='utf-8') as f:
                text = f.read().replace("'/playground/", "'./")
            with open(os.path.join(tmp, name), 'w', encoding='utf-8') as f:
                f.write(text)
        with open(os.path.join(tmp, 'package.json'), 'w') as f:
            f.write('{"type": "module"}')
        with open(os.path.join(tmp, 'driver.js'), 'w') as f:
            f.write(DRIVER)

        def introspect(sdl):
            r = graphql_sync(build_schema(sdl), get_introspection_query())
            return r.data['__schema']

        schemas = {}
        sdir = os.path.join(SHARED, 'conformance', 'validation', 'schemas')
        for name in sorted(os.listdir(sdir)):
            try:
                with open(os.path.join(sdir, name), encoding='utf-8') as f:
                    schemas['schemas/' + name] = introspect(f.read())
            except Exception:  # noqa: BLE001 - a schema graphql-core cannot build: its cases are skipped
                pass
        with open(os.path.join(tmp, 'schemas.json'), 'w') as f:
            json.dump(schemas, f)
        contract = os.path.join(SHARED, 'design', 'schema.graphql')
        if not os.path.isfile(contract):
            contract = os.path.join(CHECKOUT, 'Schema', 'schema.graphql')
        with open(contract, encoding='utf-8') as f:
            menagerie = introspect(f.read())
        with open(os.path.join(tmp, 'menagerie.json'), 'w') as f:
            json.dump(menagerie, f)
        with open(os.path.join(tmp, 'variables.json'), 'w') as f:
            json.dump(variables_cases(introspect), f)
        out = subprocess.run([node, os.path.join(tmp, 'driver.js'), os.path.join(SHARED, 'conformance'), os.path.join(tmp, 'schemas.json'),
                              os.path.join(tmp, 'menagerie.json'), json.dumps(KNOWN), os.path.join(tmp, 'variables.json')], capture_output=True, text=True, timeout=300)
        if out.returncode != 0:
            print(out.stdout[-2000:], out.stderr[-2000:])
            print('0 passed, 1 failed')
            return 1
        results = json.loads(out.stdout.strip().splitlines()[-1])
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    results = [{'name': n, 'ok': not problem, 'detail': problem} for n, problem in statics] + results
    passed = sum(1 for r in results if r['ok'])
    for r in results:
        print(f"  {'ok  ' if r['ok'] else 'FAIL'}  {r['name']}")
        if not r['ok']:
            print('        ' + r['detail'].replace('\n', '\n        '))
    print(f'{passed} passed, {len(results) - passed} failed')
    return 0 if passed == len(results) else 1


if __name__ == '__main__':
    sys.exit(main())

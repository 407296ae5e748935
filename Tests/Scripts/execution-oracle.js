#!/usr/bin/env node
// Runs the execution oracle cases (execution-oracle-cases.js) in graphql-js 16
// and writes them with their results to
// Tests/GraphQLTests/Execution/Fixtures/oracle-cases.json.
//
//   NODE_PATH=/usr/share/nodejs node Tests/Scripts/execution-oracle.js
const path = require('path');
const fs = require('fs');
const g = require('graphql');
const cases = require('./execution-oracle-cases.js');

const out = [];
for (const c of cases) {
  const schema = g.buildSchema(c.sdl);
  const query = c.query === 'INTROSPECTION'
    ? g.getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true })
    : c.query;
  const document = g.parse(query);
  // Executed without validation, as graphql-js's execution tests do.
  const result = g.execute({ schema, document, rootValue: c.root ?? {}, variableValues: c.variables ?? {},
                             operationName: c.operationName });
  out.push({ name: c.name, sdl: c.sdl, query, variables: c.variables ?? {}, operationName: c.operationName ?? null,
             root: c.root ?? {}, expected: JSON.parse(JSON.stringify(result)) });
}
const target = path.join(__dirname, '..', 'GraphQLTests', 'Execution', 'Fixtures', 'oracle-cases.json');
fs.writeFileSync(target, JSON.stringify(out, null, 1) + '\n');
console.log(`wrote ${out.length} cases to ${target}`);

// graphql-js harness for the parse workloads W1 and W2 of shared/bench/README.md
// and the validation workload W3 (introspection query against the GitHub schema),
// with the same rules as `menagerie bench`: 2 s warm-up per workload, batch size
// of about 1 s at the last measured rate, 5 batches interleaved across the
// workloads, median ops/s (min and max too), process CPU time per wall time.
//
// Usage: NODE_PATH=/usr/share/nodejs node bench-parse-graphql-js.js BENCH_DIR [W1|W2|W3|all ...]
'use strict';
const fs = require('fs');
const path = require('path');
const { parse, buildSchema, validate, validateSchema, version } = require('graphql');

const benchDir = process.argv[2] || '../shared/bench';
const wanted = process.argv.slice(3);
const warmupSeconds = Number(process.env.BENCH_WARMUP || 2);
const batchCount = Number(process.env.BENCH_BATCHES || 5);
const batchSeconds = Number(process.env.BENCH_BATCH_TIME || 1);

const table = [
  { id: 'W1', name: 'parse-kitchen-sink', file: 'kitchen-sink.graphql' },
  { id: 'W2', name: 'parse-introspection', file: 'introspection-query.graphql' },
  {
    id: 'W3',
    name: 'validate-introspection',
    // The schema is built and checked and the document parsed once, before timing.
    prepare() {
      const schema = buildSchema(fs.readFileSync(path.join(benchDir, 'github-schema.graphql'), 'utf8'));
      const schemaErrors = validateSchema(schema);
      if (schemaErrors.length) throw new Error('invalid schema: ' + schemaErrors[0].message);
      const document = parse(fs.readFileSync(path.join(benchDir, 'introspection-query.graphql'), 'utf8'));
      const errors = validate(schema, document);
      if (errors.length) throw new Error('W3 must validate: ' + errors[0].message);
      return () => validate(schema, document).length;
    },
  },
];
const selected = wanted.length === 0 || wanted.includes('all')
  ? table
  : table.filter((w) => wanted.includes(w.id) || wanted.includes(w.name));

const step = require('./bench-step.js');
const now = () => Number(process.hrtime.bigint()) / 1e9;
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };

const runs = selected.map((w) => {
  if (w.prepare) return { workload: w, op: w.prepare(), batchSize: 1, rates: [], wall: 0, cpu: 0, sink: 0 };
  const text = fs.readFileSync(path.join(benchDir, w.file), 'utf8');
  parse(text); // must parse
  return { workload: w, op: () => parse(text).definitions.length, batchSize: 1, rates: [], wall: 0, cpu: 0, sink: 0 };
});

function runOps(run, count) {
  const c0 = cpu();
  const t0 = now();
  let acc = 0;
  for (let i = 0; i < count; i++) acc += run.op();
  const wall = now() - t0;
  run.sink += acc;
  return { wall, cpu: cpu() - c0 };
}

for (const run of runs) {
  const start = now();
  let chunk = 1;
  let rate = 0;
  do {
    const { wall } = runOps(run, chunk);
    if (wall > 0) rate = chunk / wall;
    if (wall < 0.1) chunk *= 2;
  } while (now() - start < warmupSeconds);
  run.batchSize = Math.max(1, Math.round(rate * batchSeconds));
}
step.ready();
for (let b = 0; b < batchCount; b++) {
  step.beforeRound();
  for (const run of runs) {
    const { wall, cpu: c } = runOps(run, run.batchSize);
    run.rates.push(wall > 0 ? run.batchSize / wall : 0);
    run.wall += wall;
    run.cpu += c;
  }
  step.afterRound(b + 1);
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};
const round1 = (x) => Math.round(x * 10) / 10;
for (const run of runs) console.log(`graphql-js ${run.workload.id} ${round1(median(run.rates))}`);
console.log(JSON.stringify({
  engine: 'graphql-js',
  version,
  warmup_seconds: warmupSeconds,
  workloads: runs.map((r) => ({
    workload: r.workload.id,
    name: r.workload.name,
    ops_per_sec: round1(median(r.rates)),
    min: round1(Math.min(...r.rates)),
    max: round1(Math.max(...r.rates)),
    batch_size: r.batchSize,
    batches: r.rates.map(round1),
    cpu_per_wall: Math.round((r.cpu / r.wall) * 1000) / 1000,
  })),
}));

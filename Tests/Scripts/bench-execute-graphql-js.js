// graphql-js harness for the execution workloads W4, W5 and W6 of
// shared/bench/README.md, with the same rules as `menagerie bench`: 2 s warm-up
// per workload, batch size of about 1 s at the last measured rate, 5 batches
// interleaved across the workloads, median ops/s (min and max too), process CPU
// time per wall time. W4 and W5 are synchronous executions; W6's six Item
// resolvers are `async` functions, and each execution is awaited before the next.
//
// Usage: NODE_PATH=/usr/share/nodejs node bench-execute-graphql-js.js BENCH_DIR [W4|W5|W6|all ...]
'use strict';
const fs = require('fs');
const path = require('path');
const { buildSchema, parse, validate, execute, version } = require('graphql');

const benchDir = process.argv[2] || '../shared/bench';
const wanted = process.argv.slice(3);
const warmupSeconds = Number(process.env.BENCH_WARMUP || 2);
const batchCount = Number(process.env.BENCH_BATCHES || 5);
const batchSeconds = Number(process.env.BENCH_BATCH_TIME || 1);
const read = (file) => fs.readFileSync(path.join(benchDir, file), 'utf8');

function listSetup(asyncItems) {
  const schema = buildSchema(read('list-schema.graphql'));
  const document = parse(read('list-query.graphql'));
  if (validate(schema, document).length > 0) throw new Error('list query does not validate');
  const items = [];
  for (let i = 0; i < 1000; i++) {
    items.push({ id: `item-${i}`, name: `Item ${i}`, price: i * 1.5, inStock: i % 2 === 0, tags: ['a', 'b'],
                 owner: { id: `p-${i}`, name: `Person ${i}`, email: i % 3 === 0 ? null : `person${i}@example.com` } });
  }
  const itemType = schema.getType('Item');
  for (const field of ['id', 'name', 'price', 'inStock', 'tags', 'owner']) {
    itemType.getFields()[field].resolve = asyncItems
      ? async (item) => item[field]
      : (item) => item[field];
  }
  const rootValue = { items: ({ count }) => (count >= items.length ? items : items.slice(0, count)) };
  return { schema, document, rootValue };
}

const table = [
  { id: 'W4', name: 'execute-introspection', setup: () => {
    const schema = buildSchema(read('github-schema.graphql'));
    const document = parse(read('introspection-query.graphql'));
    if (validate(schema, document).length > 0) throw new Error('introspection query does not validate');
    return { op: () => execute({ schema, document }).data.__schema.types.length };
  } },
  { id: 'W5', name: 'execute-list-sync', setup: () => {
    const { schema, document, rootValue } = listSetup(false);
    return { op: () => execute({ schema, document, rootValue }).data.items.length };
  } },
  { id: 'W6', name: 'execute-list-async', async: true, setup: () => {
    const { schema, document, rootValue } = listSetup(true);
    return { op: async () => (await execute({ schema, document, rootValue })).data.items.length };
  } },
];
const selected = wanted.length === 0 || wanted.includes('all')
  ? table
  : table.filter((w) => wanted.includes(w.id) || wanted.includes(w.name));

const step = require('./bench-step.js');
const now = () => Number(process.hrtime.bigint()) / 1e9;
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };

async function runOps(run, count) {
  const c0 = cpu();
  const t0 = now();
  let acc = 0;
  if (run.workload.async) {
    for (let i = 0; i < count; i++) acc += await run.op();
  } else {
    for (let i = 0; i < count; i++) acc += run.op();
  }
  const wall = now() - t0;
  run.sink += acc;
  return { wall, cpu: cpu() - c0 };
}

(async () => {
  const runs = selected.map((w) => ({ workload: w, op: w.setup().op, batchSize: 1, rates: [], wall: 0, cpu: 0, sink: 0 }));
  for (const run of runs) {
    const start = now();
    let chunk = 1;
    let rate = 0;
    do {
      const { wall } = await runOps(run, chunk);
      if (wall > 0) rate = chunk / wall;
      if (wall < 0.1) chunk *= 2;
    } while (now() - start < warmupSeconds);
    run.batchSize = Math.max(1, Math.round(rate * batchSeconds));
  }
  step.ready();
  for (let b = 0; b < batchCount; b++) {
    step.beforeRound();
    for (const run of runs) {
      const { wall, cpu: c } = await runOps(run, run.batchSize);
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
})();

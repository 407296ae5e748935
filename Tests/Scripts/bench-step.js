// Step mode of the graphql-js bench harnesses (bench-parse-graphql-js.js,
// bench-execute-graphql-js.js): with BENCH_STEP=1, another program interleaves the engines
// batch by batch (Tests/Scripts/bench-interleaved.py). The harness prints 'ready' after the
// warm-up, then before each round of batches (one batch of every workload) waits for a line on
// standard input, and prints 'round N' after it.
'use strict';
const fs = require('fs');

const enabled = process.env.BENCH_STEP === '1';

// Blocks until a line arrives on standard input; throws when it closes first.
function waitForLine() {
  const byte = Buffer.alloc(1);
  for (;;) {
    let n;
    try {
      n = fs.readSync(0, byte, 0, 1, null);
    } catch (error) {
      if (error.code === 'EAGAIN') continue;
      throw error;
    }
    if (n === 0) throw new Error('standard input closed before a round');
    if (byte[0] === 10) return;
  }
}

module.exports = {
  ready() { if (enabled) fs.writeSync(1, 'ready\n'); },
  beforeRound() { if (enabled) waitForLine(); },
  afterRound(number) { if (enabled) fs.writeSync(1, `round ${number}\n`); },
};

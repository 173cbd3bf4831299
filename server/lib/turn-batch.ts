// Work put off to the end of the event loop's current turn and done there in one go.
//
// The licence calls' answers are written this way (node-fast-path.ts). Under load one turn reads
// many requests; writing each answer the moment it is ready wakes the reader of the other end
// (the load generator in the benchmark, Caddy in production: both on this host, over loopback)
// once per answer, and that wake-up was most of the answer's cost ("writev", 34% of the server's
// time). Written together after the turn's reads, one wake-up serves many answers: 7,800 → 11,000
// licence answers a second on this host (docs/benchmarks.md, decision 083). With one request in a
// turn, the answer waits for nothing: setImmediate runs right after the turn's I/O callbacks.

/** Returns `later(task)`: the task runs after the current turn's I/O, with the turn's others, in order. */
export function createTurnBatch(onError: (err: unknown) => void): (task: () => void) => void {
  let due: Array<() => void> = [];
  const flush = () => {
    const tasks = due;
    due = [];
    for (const task of tasks) {
      try {
        task();
      } catch (err) {
        onError(err); // one failed task does not keep the turn's others from running
      }
    }
  };
  return (task) => {
    due.push(task);
    if (due.length === 1) setImmediate(flush);
  };
}

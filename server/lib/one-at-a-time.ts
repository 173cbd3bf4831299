// Work on one key at a time in this process, in arrival order: the OTP purchases of one API key
// (issue #28 item 1). They all update the key's balance row, so PostgreSQL runs them one after the
// other anyway; but when fifty wait on the row's lock, every commit wakes all fifty to re-check and
// forty-nine wait again. Queued here instead, one statement at a time reaches the database per
// key and instance. The row lock stays the authority: other instances and other writers (a top-up,
// an admin's change) are serialised by it exactly as before.
const tails = new Map<string, Promise<void>>();

export async function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = tails.get(key);
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const tail = before ? before.then(() => mine) : mine;
  tails.set(key, tail);
  try {
    if (before) await before;
    return await work();
  } finally {
    release();
    // The last in the queue leaves no entry behind.
    if (tails.get(key) === tail) tails.delete(key);
  }
}

/** Keys with work queued or running (tests). */
export function queuedKeys(): number {
  return tails.size;
}

// Account events announced by their writer after commit, batched (decision 048). A purchase's
// statement sets WRITER_SENDS_ACCOUNT_EVENTS, so the triggers of migration 0005 stay silent for it
// (migration 0024): a pg_notify in the debit's own transaction would hold PostgreSQL's one
// notification lock through that commit's WAL flush, and purchases could not share a flush. The
// writer calls notify() once its statement has committed; a flush a few milliseconds later sends
// every distinct {user, kind} of the batch in one small transaction that does not wait for the
// disk (an event is a hint to re-read, never the data itself). Every other writer keeps the triggers.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { pgArray } from "../../db/sql-array";
import { ACCOUNT_CHANNEL, type AccountEventKind } from "./hub";

/** A CTE body for a statement whose writer announces its own account events (transaction-local). */
export const WRITER_SENDS_ACCOUNT_EVENTS = sql`select set_config('keyshop.account_events', 'sent_by_writer', true) as quiet`;

export interface AccountEventSink {
  notify(userId: string, kind: AccountEventKind): void;
}

export class AccountEventNotifier implements AccountEventSink {
  private pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly options: { delayMs?: number; onError?: (err: unknown) => void } = {},
  ) {}

  /** Announces `kind` for `userId` within delayMs (default 10 ms); repeats within a batch are sent once. */
  notify(userId: string, kind: AccountEventKind): void {
    this.pending.add(JSON.stringify({ u: userId, k: kind }));
    this.timer ??= setTimeout(() => void this.flush(), this.options.delayMs ?? 10);
  }

  /** Sends what is pending now (after any flush under way). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const payloads = [...this.pending];
    this.pending.clear();
    if (!payloads.length) return this.flushing;
    this.flushing = this.flushing.then(() => this.send(payloads));
    return this.flushing;
  }

  /** Shutdown: what is pending goes out before the database closes. */
  close(): Promise<void> {
    return this.flush();
  }

  private async send(payloads: string[]) {
    try {
      await this.db.transaction(async (tx) => {
        await tx.execute(sql`set local synchronous_commit = off`);
        await tx.execute(sql`select pg_notify(${ACCOUNT_CHANNEL}, p) from unnest(${pgArray(payloads)}::text[]) as p`);
      });
    } catch (err) {
      // Screens re-read on their own schedule too (decision 011): a lost hint is late, not wrong.
      this.options.onError?.(err);
    }
  }
}

// The audit log for super-admins: who did what to whom, when, with the values before and after.
import { sql } from "drizzle-orm";
import type { AuditEntry, AuditList, AuditQuery } from "../../../contracts/admin";
import type { Db } from "../../db/client";
import { int, queryRows } from "./rows";

/** An audit_log row as raw SQL reads it. */
export interface AuditRow {
  id: string;
  created_at: string | Date;
  actor_email: string | null;
  action: string;
  target_type: string;
  target_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  note: string | null;
}

/** One audit entry as the API sends it; `targetEmail` is whose account, key, licence or order the target is. */
export function toAuditEntry(r: AuditRow, targetEmail: string | null): AuditEntry {
  return {
    id: r.id,
    createdAt: new Date(r.created_at).toISOString(),
    actorEmail: r.actor_email,
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    targetEmail,
    before: r.before,
    after: r.after,
    note: r.note,
  };
}

export async function listAudit(db: Db, q: AuditQuery): Promise<AuditList> {
  const filter = q.action ? sql`where action = ${q.action}` : sql``;
  // The page first (audit_log_created_idx / audit_log_action_created_idx), then its targets' e-mails.
  const [rows, totals] = await Promise.all([
    queryRows<AuditRow & { target_email: string | null }>(
      db,
      sql`with page as (
            select * from audit_log ${filter}
            order by created_at desc, id desc
            limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}
          )
          select page.id, page.created_at, page.actor_email, page.action, page.target_type, page.target_id,
                 page.before, page.after, page.note, coalesce(tu.email, ku.email, lu.email, ou.email) as target_email
          from page
          left join "user" tu on page.target_type = 'user' and tu.id = page.target_id
          left join api_keys k on k.id = (case when page.target_type = 'api_key' then page.target_id::uuid end)
          left join "user" ku on ku.id = k.user_id
          left join licenses lu on lu.id = (case when page.target_type = 'licence' then page.target_id::uuid end)
          left join orders ou on ou.id = (case when page.target_type = 'order' then page.target_id::uuid end)
          order by page.created_at desc, page.id desc`,
    ),
    queryRows<{ n: string }>(db, sql`select count(*) as n from audit_log ${filter}`),
  ]);
  return {
    entries: rows.map((r) => toAuditEntry(r, r.target_email)),
    total: int(totals[0]?.n),
    page: q.page,
    pageSize: q.pageSize,
  };
}

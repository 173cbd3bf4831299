// Reads the local mailbox: what the SMTP receiver stored, newest first.
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inboundMessages } from "../../db/schema";
import { extractLinks, type MessageLink } from "./links";

export interface MailboxMessage {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string | null;
  links: MessageLink[];
  receivedAt: Date;
}

export async function listMailboxMessages({ db, to, limit = 100 }: { db: Db; to?: string; limit?: number }): Promise<MailboxMessage[]> {
  const address = to?.trim().toLowerCase();
  const rows = await db
    .select()
    .from(inboundMessages)
    .where(address ? eq(inboundMessages.toAddress, address) : undefined)
    .orderBy(desc(inboundMessages.receivedAt), desc(inboundMessages.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    to: row.toAddress,
    from: row.fromAddress,
    subject: row.subject,
    text: row.text,
    html: row.html,
    links: extractLinks(row.html, row.text),
    receivedAt: row.receivedAt,
  }));
}

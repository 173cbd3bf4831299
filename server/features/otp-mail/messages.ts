// Whole messages per order: stored when the order's mailbox is read (its codes are extracted from
// the same messages), kept for the order's lifetime plus OTP_MESSAGE_RETENTION_HOURS, then pruned.
// HTML is sanitised before it is stored, so no reader ever gets the sender's scripts.
import { createHash } from "node:crypto";
import { asc, eq, lt } from "drizzle-orm";
import sanitizeHtml from "sanitize-html";
import type { OtpMessage } from "../../../contracts/otp-mail";
import type { Db, Tx } from "../../db/client";
import { otpMailMessages } from "../../db/schema";
import type { InboundMail } from "../../providers/mail-supplier/types";

/** Text formatting and links only: no images (trackers), styles, forms, frames or scripts. */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags.filter((t) => t !== "img")],
  allowedAttributes: { a: ["href", "title"], td: ["colspan", "rowspan"], th: ["colspan", "rowspan"] },
  allowedSchemes: ["https", "http", "mailto"],
  transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer nofollow", target: "_blank" }) },
};

export function sanitizeMailHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}

/** Not the time: an upstream market gives no date, so its letter gets "now" on every read. */
function messageKey(mail: InboundMail) {
  return createHash("sha256").update(JSON.stringify([mail.from, mail.subject, mail.text, mail.html ?? ""])).digest("base64url");
}

/** Stores the messages an order's mailbox holds (each once); retention runs from the order's expiry. */
export async function storeOrderMessages(db: Db | Tx, order: { id: string; expiresAt: Date }, messages: InboundMail[], retentionHours: number) {
  const keepUntil = new Date(order.expiresAt.getTime() + retentionHours * 3_600_000);
  if (!messages.length || keepUntil.getTime() < Date.now()) return;
  await db
    .insert(otpMailMessages)
    .values(
      messages.map((m) => ({
        orderId: order.id,
        messageKey: messageKey(m),
        fromAddress: m.from.slice(0, 1000),
        subject: m.subject.slice(0, 2000),
        text: m.text,
        html: m.html ? sanitizeMailHtml(m.html) : null,
        receivedAt: m.receivedAt,
        keepUntil,
      })),
    )
    .onConflictDoNothing();
}

export async function readOrderMessages(db: Db, orderId: string): Promise<OtpMessage[]> {
  const rows = await db.select().from(otpMailMessages).where(eq(otpMailMessages.orderId, orderId)).orderBy(asc(otpMailMessages.receivedAt), asc(otpMailMessages.id));
  return rows.map((r) => ({ id: r.id, from: r.fromAddress, subject: r.subject, receivedAt: r.receivedAt.toISOString(), text: r.text, html: r.html }));
}

/** The worker's pass: messages past their retention are deleted. */
export async function pruneOrderMessages(db: Db, now = new Date()): Promise<number> {
  const gone = await db.delete(otpMailMessages).where(lt(otpMailMessages.keepUntil, now)).returning({ id: otpMailMessages.id });
  return gone.length;
}

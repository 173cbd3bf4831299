// The product's own inbox: addresses on a domain whose mail our SMTP receiver accepts and stores.
import { and, asc, eq, gte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inboundMessages } from "../../db/schema";
import { randomString } from "../../lib/crypto";
import type { MailSupplier } from "./types";

export function createLocalInbox({ db, domain }: { db: Db; domain: string }): MailSupplier {
  return {
    id: "local-inbox",
    freeToAcquire: true,
    pushesArrivals: true,
    async acquire({ service }) {
      const local = `${service.slice(0, 8)}.${randomString("abcdefghijkmnpqrstuvwxyz23456789", 12)}`;
      const address = `${local}@${domain}`.toLowerCase();
      return { address, ref: address };
    },
    async reorder({ address }) {
      // Our own addresses never go away: the same address, read from the reorder's time on.
      return { address, ref: address };
    },
    async messages({ address, since }) {
      const rows = await db
        .select()
        .from(inboundMessages)
        .where(and(eq(inboundMessages.toAddress, address.toLowerCase()), gte(inboundMessages.receivedAt, since)))
        .orderBy(asc(inboundMessages.receivedAt));
      return rows.map((r) => ({ from: r.fromAddress, subject: r.subject, text: r.text, html: r.html, receivedAt: r.receivedAt }));
    },
    async release() {
      // Addresses are never reused; nothing to give back.
    },
  };
}

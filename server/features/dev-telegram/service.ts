// What the Telegram simulator stores: each message it accepted, newest first on the page.
import { count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { devTelegramMessages } from "../../db/schema";
import { parseTelegramHtml, plainText, safeHtml } from "./telegram-html";

export interface SimulatedMessage {
  id: string;
  chatId: string;
  text: string;
  parseMode: string | null;
  plain: string;
  html: string;
  receivedAt: Date;
}

function view(row: typeof devTelegramMessages.$inferSelect): SimulatedMessage {
  let plain = row.text;
  let html = row.text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  if (row.parseMode?.toUpperCase() === "HTML") {
    const tokens = parseTelegramHtml(row.text); // it parsed when it was accepted
    plain = plainText(tokens);
    html = safeHtml(tokens);
  }
  return { id: row.id, chatId: row.chatId, text: row.text, parseMode: row.parseMode, plain, html, receivedAt: row.receivedAt };
}

export async function storeSimulatedMessage(db: Db, message: { chatId: string; text: string; parseMode: string | null; disableWebPagePreview: boolean }) {
  const [row] = await db.insert(devTelegramMessages).values(message).returning();
  const [{ n }] = (await db.select({ n: count() }).from(devTelegramMessages).where(eq(devTelegramMessages.chatId, message.chatId))) as [{ n: number }];
  return { ...row!, messageId: Number(n) };
}

export async function listSimulatedMessages(db: Db, { chat, limit = 100 }: { chat?: string; limit?: number } = {}): Promise<SimulatedMessage[]> {
  const rows = await db
    .select()
    .from(devTelegramMessages)
    .where(chat ? eq(devTelegramMessages.chatId, chat) : undefined)
    .orderBy(desc(devTelegramMessages.receivedAt), desc(devTelegramMessages.id))
    .limit(limit);
  return rows.map(view);
}

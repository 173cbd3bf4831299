// Queues an e-mail in the outbox. Takes a transaction so the e-mail commits or rolls back
// together with whatever caused it (a paid order, a sign-up); the worker sends it afterwards.
import type { Db, Tx } from "../../db/client";
import { emailOutbox } from "../../db/schema";
import { renderEmail, type EmailTemplateInput } from "./render";

export type EnqueueEmailInput = { to: string; headers?: Record<string, string> } & EmailTemplateInput;

export async function enqueueEmail(db: Db | Tx, input: EnqueueEmailInput): Promise<string> {
  const { subject, html, text } = await renderEmail(input);
  const [row] = await db
    .insert(emailOutbox)
    .values({ toAddress: input.to.trim(), subject, html, text, template: input.template, headers: input.headers ?? null })
    .returning({ id: emailOutbox.id });
  return row.id;
}

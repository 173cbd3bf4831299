import nodemailer from "nodemailer";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { inboundMessages } from "../../db/schema";
import { createTestDatabase } from "../../test/db";
import { startSmtpReceiver, type SmtpReceiver } from "./smtp-receiver";

let database: Database;
let receiver: SmtpReceiver;
const stored: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  receiver = await startSmtpReceiver({
    db: database.db,
    port: 0,
    logger: pino({ level: "silent" }),
    maxBytes: 64 * 1024,
    onStored: (messages) => stored.push(...messages.map((m) => m.toAddress)),
  });
});
afterAll(async () => {
  await receiver?.close();
  await database?.close();
});

function client() {
  return nodemailer.createTransport({ host: "127.0.0.1", port: receiver.port, ignoreTLS: true, logger: false });
}

describe("SMTP receiver", () => {
  it("listens on an ephemeral port when given port 0", () => {
    expect(receiver.port).toBeGreaterThan(0);
  });

  it("stores one row per envelope recipient, address lower-cased, with subject, text and HTML", async () => {
    await client().sendMail({
      from: "Shop <shop@example.com>",
      to: "Alice@Example.com",
      cc: "bob@example.com",
      subject: "Your code is 424242 — ünïcode",
      text: "Your code is 424242",
      html: "<p>Your code is <b>424242</b></p>",
    });

    const rows = await database.db.select().from(inboundMessages);
    expect(rows.map((r) => r.toAddress).sort()).toEqual(["alice@example.com", "bob@example.com"]);
    for (const row of rows) {
      expect(row).toMatchObject({
        fromAddress: "shop@example.com",
        subject: "Your code is 424242 — ünïcode",
      });
      expect(row.html?.trim()).toBe("<p>Your code is <b>424242</b></p>");
      expect(row.text.trim()).toBe("Your code is 424242");
      expect(row.messageId).toMatch(/^<.+@example\.com>$/);
    }
    expect(stored.sort()).toEqual(["alice@example.com", "bob@example.com"]);
  });

  it("rejects a message over the size limit and stores nothing", async () => {
    const before = (await database.db.select().from(inboundMessages)).length;
    await expect(
      client().sendMail({ from: "a@example.com", to: "big@example.com", subject: "big", text: "x".repeat(100 * 1024) }),
    ).rejects.toMatchObject({ responseCode: 552 });
    expect(await database.db.select().from(inboundMessages)).toHaveLength(before);
  });

  it("with acceptRecipient, refuses other recipients at RCPT TO (550) and stores nothing for them", async () => {
    const onlyOtp = await startSmtpReceiver({
      db: database.db,
      port: 0,
      logger: pino({ level: "silent" }),
      acceptRecipient: (address) => address.endsWith("@otp.example.test"),
    });
    try {
      const transport = nodemailer.createTransport({ host: "127.0.0.1", port: onlyOtp.port, ignoreTLS: true, logger: false });
      await expect(transport.sendMail({ from: "a@example.com", to: "someone@elsewhere.test", subject: "Relay me", text: "x" })).rejects.toMatchObject({ responseCode: 550 });
      await transport.sendMail({ from: "security@facebookmail.com", to: "fb.abc@OTP.example.test", subject: "FB-12345", text: "code" });
      const rows = await database.db.select({ to: inboundMessages.toAddress }).from(inboundMessages);
      expect(rows.map((r) => r.to)).toContain("fb.abc@otp.example.test");
      expect(rows.map((r) => r.to)).not.toContain("someone@elsewhere.test");
    } finally {
      await onlyOtp.close();
    }
  });
});

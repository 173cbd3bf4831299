// The notification settings read from the environment (server/config.ts): Telegram's three modes,
// TELEGRAM_EVENTS, the low-balance threshold; a token never appears in an error.
import { describe, expect, it } from "vitest";
import { DEFAULT_TELEGRAM_EVENTS } from "../../../contracts/notifications";
import { ConfigError, loadConfig, TELEGRAM_SIMULATOR_CHAT_ID, TELEGRAM_SIMULATOR_TOKEN } from "../../config";
import { PRODUCTION_ENV } from "../../test/production-env";

const TOKEN = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw";

describe("Telegram settings", () => {
  it("embedded mode without a token: the simulator at /dev/telegram with its own token and chat, the default events", () => {
    const { telegram, balanceLowMills } = loadConfig({ NODE_ENV: "development", PORT: "3000" }).notifications;
    expect(telegram).toEqual({ mode: "simulator", apiBase: "http://localhost:3000/dev/telegram", token: TELEGRAM_SIMULATOR_TOKEN, chatIds: [TELEGRAM_SIMULATOR_CHAT_ID], events: [...DEFAULT_TELEGRAM_EVENTS] });
    expect(balanceLowMills).toBe(1_000);
  });

  it("with a token and chats: the Bot API; TELEGRAM_EVENTS chooses the events", () => {
    const { telegram } = loadConfig({ ...PRODUCTION_ENV, TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_CHAT_ID: "424242, -1001234567890,@keyshop_sales", TELEGRAM_EVENTS: "order.paid,balance.low,order.paid" }).notifications;
    expect(telegram).toEqual({ mode: "bot", apiBase: "https://api.telegram.org", token: TOKEN, chatIds: ["424242", "-1001234567890", "@keyshop_sales"], events: ["order.paid", "balance.low"] });
  });

  it("production without a token starts, with Telegram off", () => {
    expect(loadConfig(PRODUCTION_ENV).notifications.telegram).toMatchObject({ mode: "off", chatIds: [] });
    expect(loadConfig({ ...PRODUCTION_ENV, TELEGRAM_CHAT_ID: "424242" }).notifications.telegram.mode).toBe("off");
    // Outside embedded mode (SMTP_URL) a developer gets no simulator either.
    expect(loadConfig({ NODE_ENV: "development", SMTP_URL: "smtp://127.0.0.1:25" }).notifications.telegram.mode).toBe("off");
  });

  it("refuses a token without a chat, a malformed chat or token, an unknown event, without echoing the token", () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (err) {
        if (err instanceof ConfigError) return err.message;
        throw err;
      }
      return "";
    };
    expect(problems({ ...PRODUCTION_ENV, TELEGRAM_BOT_TOKEN: TOKEN })).toContain("TELEGRAM_CHAT_ID: required with TELEGRAM_BOT_TOKEN");
    expect(problems({ ...PRODUCTION_ENV, TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_CHAT_ID: "the seller" })).toContain('"the seller" is not a chat id');
    expect(problems({ TELEGRAM_EVENTS: "order.paid,order.exploded" })).toContain('unknown event "order.exploded"');
    const badToken = "not-a-token-but-secret-anyway";
    const message = problems({ TELEGRAM_BOT_TOKEN: badToken, TELEGRAM_CHAT_ID: "1" });
    expect(message).toContain("TELEGRAM_BOT_TOKEN");
    expect(message).not.toContain(badToken);
    expect(problems({ BALANCE_LOW_THRESHOLD: "-1" })).toContain("BALANCE_LOW_THRESHOLD");
    expect(loadConfig({ BALANCE_LOW_THRESHOLD: "2.5" }).notifications.balanceLowMills).toBe(2_500);
  });
});

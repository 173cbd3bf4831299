import { describe, expect, it } from "vitest";
import { ConfigError, DEV_AUTH_SECRET, loadConfig } from "./config";

describe("configuration", () => {
  it("runs with no settings at all on embedded defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, baseUrl: "http://localhost:3000", embedded: true, databaseUrl: undefined });
    expect(config.authSecret).toBe(DEV_AUTH_SECRET);
  });

  it("names every invalid setting", () => {
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "not a url" });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as Error).message).toContain("PORT");
      expect((err as Error).message).toContain("DATABASE_URL");
    }
  });

  it("refuses production on embedded defaults", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/AUTH_SECRET[\s\S]*SMTP_URL[\s\S]*BASE_URL/);
    expect(() => loadConfig({ NODE_ENV: "production", AUTH_SECRET: DEV_AUTH_SECRET, SMTP_URL: "smtp://mail:25", BASE_URL: "https://shop.example" })).toThrow(/real secret/);
    const ok = loadConfig({
      NODE_ENV: "production",
      AUTH_SECRET: "x".repeat(40),
      SMTP_URL: "smtp://mail.example:587",
      BASE_URL: "https://shop.example/",
    });
    expect(ok).toMatchObject({ embedded: false, baseUrl: "https://shop.example" });
  });

  it("wants both Google settings or neither", () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: "id" })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(loadConfig({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "s" }).google).toEqual({ clientId: "id", clientSecret: "s" });
  });
});

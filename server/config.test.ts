import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ConfigError, DEV_AUTH_SECRET, loadConfig } from "./config";
import { simulatorKeyPair } from "./providers/payway/simulator/rsa";

/** Production refuses the PayWay simulator: every production fixture names a PayWay account. */
const PAYWAY_LIVE = { PAYWAY_BASE_URL: "https://checkout.payway.com.kh", PAYWAY_MERCHANT_ID: "ec000002", PAYWAY_API_KEY: "real-key" };

describe("configuration", () => {
  it("runs with no settings at all on embedded defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, baseUrl: "http://localhost:3000", embedded: true, databaseUrl: undefined });
    expect(config.authSecret).toBe(DEV_AUTH_SECRET);
  });

  it("has one shop time zone: Phnom Penh unless SHOP_TIME_ZONE names another Intl knows", () => {
    expect(loadConfig({}).shopTimeZone).toBe("Asia/Phnom_Penh");
    expect(loadConfig({ SHOP_TIME_ZONE: " Europe/London " }).shopTimeZone).toBe("Europe/London");
    expect(loadConfig({ SHOP_TIME_ZONE: "UTC" }).shopTimeZone).toBe("UTC");
    for (const zone of ["Phnom Penh", "Asia/Nowhere"]) expect(() => loadConfig({ SHOP_TIME_ZONE: zone }), zone).toThrow(/SHOP_TIME_ZONE/);
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
      ...PAYWAY_LIVE,
    });
    expect(ok).toMatchObject({ embedded: false, baseUrl: "https://shop.example" });
  });

  it("uses the built-in PayWay simulator unless PayWay is configured; production needs the real one", () => {
    expect(loadConfig({}).payway).toMatchObject({
      simulator: true,
      baseUrl: "http://localhost:3000/payway-sim",
      pluginUrl: "http://localhost:3000/payway-sim/plugins/checkout2-0.js",
      callbackUrl: "http://localhost:3000/api/payway/callback",
      paymentOption: "abapay_khqr",
      lifetimeMinutes: 30,
      requireCallbackSignature: false,
    });
    expect(() => loadConfig({ PAYWAY_BASE_URL: "https://checkout-sandbox.payway.com.kh" })).toThrow(/PAYWAY_MERCHANT_ID and PAYWAY_API_KEY/);
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/PAYWAY_BASE_URL/);
    const sandbox = loadConfig({
      PAYWAY_BASE_URL: "https://checkout-sandbox.payway.com.kh/",
      PAYWAY_MERCHANT_ID: "ec000002",
      PAYWAY_API_KEY: "k",
      PAYWAY_CALLBACK_URL: "https://tunnel.example/api/payway/callback",
      PAYWAY_CALLBACK_SIGNATURE: "required",
    });
    expect(sandbox.payway).toMatchObject({
      simulator: false,
      baseUrl: "https://checkout-sandbox.payway.com.kh",
      pluginUrl: "https://checkout.payway.com.kh/plugins/checkout2-0.js",
      callbackUrl: "https://tunnel.example/api/payway/callback",
      requireCallbackSignature: true,
    });
    expect(() => loadConfig({ PAYWAY_LIFETIME_MINUTES: "2" })).toThrow(/PAYWAY_LIFETIME_MINUTES/);
  });

  it("PAYWAY_RSA_PUBLIC_KEY: the simulator's own key, optional with the real PayWay (also in production), checked when set", () => {
    expect(loadConfig({}).payway.rsaPublicKey).toBe(simulatorKeyPair().publicKey);
    const sandbox = { PAYWAY_BASE_URL: "https://checkout-sandbox.payway.com.kh", PAYWAY_MERCHANT_ID: "ec000002", PAYWAY_API_KEY: "k" };
    expect(loadConfig(sandbox).payway.rsaPublicKey).toBeUndefined();
    const production = { NODE_ENV: "production", AUTH_SECRET: "x".repeat(40), SMTP_URL: "smtp://mail.example:587", BASE_URL: "https://shop.example", ...PAYWAY_LIVE };
    expect(loadConfig(production).payway.rsaPublicKey).toBeUndefined();

    const pem = generateKeyPairSync("rsa", { modulusLength: 1024 }).publicKey.export({ type: "spki", format: "pem" }).toString();
    expect(loadConfig({ ...production, PAYWAY_RSA_PUBLIC_KEY: pem }).payway.rsaPublicKey).toBe(pem);
    // One line with literal \n (environment files, container settings) and the bare Base64 body.
    expect(loadConfig({ ...sandbox, PAYWAY_RSA_PUBLIC_KEY: pem.trim().replace(/\n/g, "\\n") }).payway.rsaPublicKey).toBe(pem);
    expect(loadConfig({ ...sandbox, PAYWAY_RSA_PUBLIC_KEY: pem.replace(/-----[A-Z ]+-----/g, "") }).payway.rsaPublicKey).toBe(pem);

    expect(() => loadConfig({ ...sandbox, PAYWAY_RSA_PUBLIC_KEY: "not a key" })).toThrow(/PAYWAY_RSA_PUBLIC_KEY/);
    const ec = generateKeyPairSync("ec", { namedCurve: "P-256" }).publicKey.export({ type: "spki", format: "pem" }).toString();
    expect(() => loadConfig({ ...sandbox, PAYWAY_RSA_PUBLIC_KEY: ec })).toThrow(/PAYWAY_RSA_PUBLIC_KEY/);
    expect(() => loadConfig({ PAYWAY_RSA_PUBLIC_KEY: pem })).toThrow(/PAYWAY_RSA_PUBLIC_KEY: the built-in PayWay simulator/);
  });

  it("uses the local inbox by default; upstream needs a URL, and in production its token over https", () => {
    expect(loadConfig({}).otpMail.supplier).toEqual({ kind: "local" });
    expect(() => loadConfig({ OTP_SUPPLIER: "upstream" })).toThrow(/OTP_SUPPLIER_URL/);
    expect(() => loadConfig({ OTP_SUPPLIER: "upstream", OTP_SUPPLIER_URL: "ftp://market.example" })).toThrow(/OTP_SUPPLIER_URL/);
    expect(loadConfig({ OTP_SUPPLIER: "upstream", OTP_SUPPLIER_URL: "http://127.0.0.1:8787", OTP_SUPPLIER_TOKEN: "t0k" }).otpMail.supplier).toEqual({
      kind: "upstream",
      url: "http://127.0.0.1:8787",
      token: "t0k",
      mailType: "gmail.com",
    });
    const production = { NODE_ENV: "production", AUTH_SECRET: "x".repeat(40), SMTP_URL: "smtp://mail.example:587", BASE_URL: "https://shop.example", OTP_SUPPLIER: "upstream", ...PAYWAY_LIVE };
    expect(() => loadConfig({ ...production, OTP_SUPPLIER_URL: "https://api.market.example" })).toThrow(/OTP_SUPPLIER_TOKEN/);
    expect(() => loadConfig({ ...production, OTP_SUPPLIER_URL: "http://api.market.example", OTP_SUPPLIER_TOKEN: "secret" })).toThrow(/https/);
    expect(loadConfig({ ...production, OTP_SUPPLIER_URL: "https://api.market.example", OTP_SUPPLIER_TOKEN: "secret" }).otpMail.supplier.kind).toBe("upstream");
  });

  it("wants both Google settings or neither", () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: "id" })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(loadConfig({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "s" }).google).toEqual({ clientId: "id", clientSecret: "s", issuer: "https://accounts.google.com" });
  });
});

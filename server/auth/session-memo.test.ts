import { describe, expect, it } from "vitest";
import { SessionMemo, sessionDataExpiry } from "./session-memo";

const dataCookie = (expiresAt: number, name = "keyshop.session_data") => `${name}=${Buffer.from(JSON.stringify({ session: {}, expiresAt, signature: "sig" })).toString("base64url")}`;
const session = { user: { id: "u1" }, session: { id: "s1" } };

describe("remembered session cookies", () => {
  it("reads the expiry signed into a compact session_data cookie, with or without the __Secure- prefix", () => {
    expect(sessionDataExpiry(`keyshop.session_token=abc.def; ${dataCookie(1234)}; ks_lang=km`)).toBe(1234);
    expect(sessionDataExpiry(`__Secure-keyshop.session_token=abc; ${dataCookie(99, "__Secure-keyshop.session_data")}`)).toBe(99);
  });

  it("remembers nothing without one readable, unchunked session_data cookie", () => {
    expect(sessionDataExpiry("keyshop.session_token=abc")).toBeUndefined();
    expect(sessionDataExpiry("keyshop.session_data=not-base64-json")).toBeUndefined();
    expect(sessionDataExpiry(`${dataCookie(5, "keyshop.session_data.0")}; ${dataCookie(5, "keyshop.session_data.1")}`)).toBeUndefined();
    expect(sessionDataExpiry(`${dataCookie(5)}; ${dataCookie(6)}`)).toBeUndefined();
  });

  it("answers only for the exact Cookie header, and only until the cookie's own expiry", () => {
    const memo = new SessionMemo();
    const header = `keyshop.session_token=t1; ${dataCookie(10_000)}`;
    memo.remember(header, session, 1_000);
    expect(memo.get(header, 9_999)).toEqual(session);
    expect(memo.get(`${header}x`, 9_999)).toBeUndefined();
    expect(memo.get(header.replace("t1", "t2"), 9_999)).toBeUndefined();
    expect(memo.get(header, 10_000)).toBeUndefined();
    expect(memo.size).toBe(0);
  });

  it("does not remember an already expired cookie, and keeps at most its bound of entries", () => {
    const memo = new SessionMemo(2);
    memo.remember(`a=1; ${dataCookie(500)}`, session, 1_000);
    expect(memo.size).toBe(0);
    for (const n of [1, 2, 3]) memo.remember(`n=${n}; ${dataCookie(10_000)}`, session, 1_000);
    expect(memo.size).toBe(2);
    expect(memo.get(`n=1; ${dataCookie(10_000)}`, 2_000)).toBeUndefined();
    expect(memo.get(`n=3; ${dataCookie(10_000)}`, 2_000)).toEqual(session);
  });
});

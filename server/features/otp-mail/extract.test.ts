import { describe, expect, it } from "vitest";
import { collectCodes, extractCodes, FACEBOOK, htmlToText } from "./extract";

const fb = "Facebook <security@facebookmail.com>";
const footer = "Meta Platforms, Inc., Attention: Community Support, 1 Meta Way, Menlo Park, CA 94025";

describe("Facebook code extraction", () => {
  it("takes FB-12345 from the subject first", () => {
    expect(extractCodes(FACEBOOK, { from: fb, subject: "FB-48213 is your Facebook confirmation code", text: `Hi, ${footer}` })).toEqual(["48213"]);
  });

  it("finds the code in a plain body near a code word and skips the 94025 postcode", () => {
    const text = `Hi Dara,\nWe received a request to create an account.\nEnter this confirmation code: 73920\n\n${footer}`;
    expect(extractCodes(FACEBOOK, { from: fb, subject: "Confirm your account", text })).toEqual(["73920"]);
  });

  it("reads an HTML body whose code is split across spans, without inventing digits from entities", () => {
    const html = `<html><head><style>.x{color:#123456}</style></head><body><p>Your security code is</p>
      <p><span>58</span><span>1</span><span>07</span></p><p>&#99999999; ${footer}</p></body></html>`;
    expect(htmlToText(html)).toContain("58107");
    expect(extractCodes(FACEBOOK, { from: fb, subject: "Your Facebook code", text: "", html })).toEqual(["58107"]);
  });

  it("ignores mail from other senders (the display name alone proves nothing)", () => {
    expect(extractCodes(FACEBOOK, { from: "Facebook <noreply@phish.example>", subject: "FB-11111 is your code", text: "code 11111" })).toEqual([]);
    expect(extractCodes(FACEBOOK, { from: "notify@mail.facebook.com", subject: "FB-22222", text: "" })).toEqual(["22222"]);
  });

  it("finds nothing in a mail without a code", () => {
    expect(extractCodes(FACEBOOK, { from: fb, subject: "Welcome to Facebook", text: `Thanks for joining. ${footer}` })).toEqual([]);
  });

  it("keeps every code since the purchase, oldest first and the latest last; older mail is ignored", () => {
    const since = new Date("2026-11-22T10:00:00Z");
    const at = (m: number) => new Date(since.getTime() + m * 60_000);
    const codes = collectCodes(
      FACEBOOK,
      [
        { from: fb, subject: "FB-33333 is your code", text: "", receivedAt: at(5) },
        { from: fb, subject: "FB-99999 is your code", text: "", receivedAt: at(-10) }, // before the purchase
        { from: fb, subject: "FB-22222 is your code", text: "", receivedAt: at(1) },
        { from: fb, subject: "FB-22222 is your code", text: "", receivedAt: at(7) }, // resent: now current
      ],
      since,
    );
    expect(codes).toEqual(["33333", "22222"]);
    expect(codes.join(",")).toBe("33333,22222");
  });
});

import { describe, expect, it } from "vitest";
import { planDays } from "../../../contracts/renewal-terms";
import { activatedExpiry, shiftTerm, type LicenseTerm } from "./term";

const now = new Date("2026-11-22T12:00:00.000Z");
const at = (iso: string) => new Date(iso);
const activated = (iso: string): LicenseTerm => ({ expireDate: at(iso), termDays: 30 });
const notActivated = (termDays: number): LicenseTerm => ({ expireDate: null, termDays });

describe("shiftTerm: the one rule for moving a licence's term", () => {
  it.each<[string, LicenseTerm, number, LicenseTerm]>([
    ["a running licence gains its days after its expiry", activated("2026-12-01T00:00:00.000Z"), 30, activated("2026-12-31T00:00:00.000Z")],
    ["an expired licence gains its days from now, not from its old expiry", activated("2026-10-01T00:00:00.000Z"), 30, activated("2026-12-22T12:00:00.000Z")],
    ["a licence expiring exactly now gains its days from now", activated(now.toISOString()), 1, activated("2026-11-23T12:00:00.000Z")],
    ["taking days back moves the expiry back", activated("2026-12-31T00:00:00.000Z"), -30, activated("2026-12-01T00:00:00.000Z")],
    ["taking back more days than remain ends the term in the past (not clamped to now)", activated("2026-11-25T12:00:00.000Z"), -10, activated("2026-11-15T12:00:00.000Z")],
    ["taking days off an expired licence counts from its expiry, not from now", activated("2026-10-01T00:00:00.000Z"), -1, activated("2026-09-30T00:00:00.000Z")],
    ["a licence not yet activated: its term grows", notActivated(365), 30, notActivated(395)],
    ["a licence not yet activated: its term shrinks", notActivated(395), -30, notActivated(365)],
    ["a licence not yet activated: its term never goes below 0 days", notActivated(20), -30, notActivated(0)],
    ["0 days changes nothing on a running licence", activated("2026-12-01T00:00:00.000Z"), 0, activated("2026-12-01T00:00:00.000Z")],
    ["0 days leaves an expired licence expired", activated("2026-10-01T00:00:00.000Z"), 0, activated("2026-10-01T00:00:00.000Z")],
  ])("%s", (_label, term, days, expected) => {
    expect(shiftTerm(term, days, now)).toEqual(expected);
  });

  it("an activated licence keeps its term days (they counted from its first activation)", () => {
    expect(shiftTerm({ expireDate: at("2026-12-01T00:00:00.000Z"), termDays: 365 }, 7, now).termDays).toBe(365);
  });

  it("a renewal's days added then taken back (a refund) give the expiry back when it was running", () => {
    const before = activated("2026-12-01T00:00:00.000Z");
    expect(shiftTerm(shiftTerm(before, 90, now), -90, now)).toEqual(before);
  });

  it("refuses a fraction of a day", () => {
    expect(() => shiftTerm(activated("2026-12-01T00:00:00.000Z"), 1.5, now)).toThrow(RangeError);
  });
});

describe("activatedExpiry: the expiry a first activation sets", () => {
  it("a licence not yet activated runs its term from now", () => {
    expect(activatedExpiry(notActivated(30), now)).toEqual(at("2026-12-22T12:00:00.000Z"));
  });
  it("an activated licence keeps its own expiry", () => {
    expect(activatedExpiry(activated("2026-10-01T00:00:00.000Z"), now)).toEqual(at("2026-10-01T00:00:00.000Z"));
  });
});

describe("planDays: what a plan's licence runs, or a renewal adds", () => {
  it("is its period and its bonus", () => {
    expect(planDays({ periodDays: 90, bonusDays: 15 })).toBe(105);
    expect(planDays({ periodDays: 30, bonusDays: 0 })).toBe(30);
  });
});

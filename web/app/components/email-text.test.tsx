// The audit log broke e-mail addresses mid-word (#29 item 8): an address may wrap only before its @
// and after a dot, never inside a name.
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { EmailText } from "./email-text";

afterEach(cleanup);

/** The address as written, with "|" where a line may break. */
function breaks(email: string) {
  const { container } = render(<EmailText email={email} />);
  const span = container.firstElementChild as HTMLElement;
  return [...span.childNodes].map((n) => (n.nodeName === "WBR" ? "|" : n.textContent)).join("");
}

describe("EmailText", () => {
  it("offers a break before the @ and after each dot only, and keeps every character", () => {
    expect(breaks("sokha.chan-long@mail.example.com")).toBe("sokha.|chan-long|@mail.|example.|com");
    expect(breaks("a@b")).toBe("a|@b");
  });

  it("does not break anywhere inside a part (no break-all)", () => {
    const { container } = render(<EmailText email="verylongname@example.com" />);
    const span = container.firstElementChild as HTMLElement;
    expect(span.style.wordBreak).toBe("normal");
    expect(span.className).not.toContain("break-all");
  });
});

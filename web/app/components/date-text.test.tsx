// A date on the dashboard follows the language: switching to Khmer re-renders it in Khmer, with
// the screen-reader words of a missing date too (issue #27).
import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, expect, it } from "vitest";

import i18n from "~/lib/i18n";
import { renderInLanguage } from "~/test/render";

import { DateText } from "./date-text";

afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage("en"));
});

it("re-renders in Khmer when Khmer is chosen", async () => {
  renderInLanguage(
    "en",
    <p>
      <DateText iso="2026-11-22T20:04:00.000Z" /> <DateText iso={null} />
    </p>,
  );
  expect(screen.getByText("Nov 23, 2026").getAttribute("datetime")).toBe("2026-11-22T20:04:00.000Z");
  expect(screen.getByText("Not set")).toBeTruthy();

  await act(() => i18n.changeLanguage("km"));
  expect(screen.getByText("23 វិច្ឆិកា 2026")).toBeTruthy();
  expect(screen.getByText("មិនទាន់កំណត់")).toBeTruthy();
  expect(screen.queryByText("Nov 23, 2026")).toBeNull();
});

// /donation-success without React: the donor, amount and transaction number from the query
// string (as text, never HTML), and the confetti. Markup from
// features/public-pages/donation/donation-success-page.tsx.
import { celebrate } from "../app/features/public-pages/donation/confetti";
import { DEFAULT_DONOR, readDonation } from "../app/features/public-pages/donation/donation-params";
import { beforeUpgrade } from "./app";

function setText(selector: string, text: string) {
  const node = document.querySelector(selector);
  if (node) node.textContent = text;
}

export function enhanceDonation() {
  const page = document.querySelector<HTMLElement>("[data-donation]");
  if (!page) return;
  const donation = readDonation(new URLSearchParams(location.search));
  setText("[data-donation-donor]", donation.donor ?? DEFAULT_DONOR);
  setText("[data-donation-amount]", donation.amount);
  const transaction = document.querySelector<HTMLElement>("[data-donation-transaction]");
  if (transaction && donation.transaction) {
    setText("[data-donation-transaction-number]", donation.transaction);
    transaction.hidden = false;
  }
  page.dataset.ready = "true";
  const canvas = document.querySelector<HTMLCanvasElement>("canvas[data-confetti]");
  if (canvas) beforeUpgrade(celebrate(canvas));
}

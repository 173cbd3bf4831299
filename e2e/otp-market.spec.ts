// Issue 18: a Khmer Facebook letter delivered over SMTP shows its code on /otp-gmail without any
// click (live account events), and the whole message opens in a dialog.
import { expect, test, type Page } from "@playwright/test";
import nodemailer from "nodemailer";

import { createUser, seedBalance, signIn, uniqueEmail } from "./support";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const SMTP_PORT = PORT + 25;

async function signInTo(page: Page, email: string, path: string) {
  await signIn(page, email);
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto(path);
}

test("otp gmail: a Khmer code arrives over SMTP and appears without a click; the whole message opens", async ({ page, request }) => {
  const email = uniqueEmail("otp-market");
  await createUser(request, { email });
  await seedBalance(request, { email, amountMills: 1000 });
  await signInTo(page, email, "/otp-gmail");

  await page.getByRole("button", { name: "Buy Gmail" }).click();
  const table = page.getByRole("table", { name: /OTP Gmail history/ });
  const row = table.locator("tbody tr").first();
  const mailButton = row.getByRole("button", { name: /^Copy address / });
  await expect(mailButton).toBeVisible();
  const address = (await mailButton.textContent())!.trim();
  await expect(row.getByRole("cell").nth(1)).toHaveText("Facebook");

  await nodemailer.createTransport({ host: "127.0.0.1", port: SMTP_PORT, secure: false, ignoreTLS: true }).sendMail({
    from: "Facebook <security@facebookmail.com>",
    to: address,
    subject: "លេខកូដ Facebook របស់អ្នក",
    text: "សួស្តី Dara,\n\nលេខកូដ​របស់​អ្នក​គឺ ៥៥២០៧១\n\nសូមអរគុណ,\nក្រុម Facebook",
    html: "<p>សួស្តី Dara,</p><p>លេខកូដ​របស់​អ្នក​គឺ <b>៥៥២០៧១</b></p><p>សូមអរគុណ, ក្រុម Facebook</p>",
  });

  // No click: the live stream updates the row.
  await expect(row.getByRole("cell").nth(3)).toHaveText("552071", { timeout: 15_000 });
  await expect(row.getByRole("cell").nth(4)).toHaveText("Success");

  await row.getByRole("button", { name: /^Open messages for / }).click();
  const dialog = page.getByRole("dialog", { name: `Messages for ${address}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("លេខកូដ Facebook របស់អ្នក")).toBeVisible();
  await expect(dialog.getByText(/security@facebookmail\.com/)).toBeVisible();
  await expect(dialog.getByTestId("otp-message-body")).toContainText("៥៥២០៧១");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

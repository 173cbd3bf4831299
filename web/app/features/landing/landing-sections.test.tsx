// The landing's hero (spec: plan buttons passing the plan onward), its Quick Setup Guide (anchor
// setup-section; two emulator downloads, the second emulator's installer and import package, the
// setup tool, the Setup / Login License Keys / Start Automating checklist; external files in a new
// tab), the 'Why choose' section's six cards, the floating Chat Support button and the public footer (help pages, contact links in a new tab, © 2024, payment logos).
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import { plansForMarket } from "../../../../contracts/plan-catalogue";
import { SITE } from "../../../../contracts/site";
import { PublicFooter } from "~/components/public/public-footer";
import { registerNamespace, type Language } from "~/lib/i18n";
import enLanding from "~/locales/en/landing.json";
import { renderInLanguage } from "~/test/render";

import { ChatSupportButton } from "./chat-support-button";
import { Hero } from "./hero";
import { NEW_TAB_HINT_ID } from "../../components/public/sections";
import { SetupSection } from "./setup-section";
import { WhyChooseSection } from "./why-choose-section";

registerNamespace("landing", { en: enLanding });
afterEach(cleanup);

const PLANS = plansForMarket("local");

function renderHero(lng: Language = "en") {
  const onChoosePlan = vi.fn();
  const prefetch = vi.fn();
  renderInLanguage(lng, <Hero plans={PLANS} onChoosePlan={onChoosePlan} prefetch={prefetch} />);
  return { onChoosePlan, prefetch };
}

describe("the hero", () => {
  it("offers each plan with its price, and passes the plan chosen onward", () => {
    const { onChoosePlan } = renderHero();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Automate your social media marketing on real devices and emulators");
    const plans = screen.getByRole("group", { name: "Choose a plan to get started" });
    expect(within(plans).getAllByRole("button").map((b) => b.textContent)).toEqual(["1 Month · $9.99", "3 Months · $29.99", "12 Months · $119.99"]);
    fireEvent.click(within(plans).getByRole("button", { name: "3 Months · $29.99" }));
    expect(onChoosePlan).toHaveBeenCalledWith(PLANS[1]);
    expect(screen.getByRole("link", { name: "Compare all plans" }).getAttribute("href")).toBe("#pricing");
    expect(screen.getByText(`${SITE.refundWindowDays}-day money-back guarantee`)).toBeTruthy();
  });

  it("starts loading the dialogs when a visitor points at or focuses a plan", () => {
    const { prefetch, onChoosePlan } = renderHero();
    const button = screen.getByRole("button", { name: "1 Month · $9.99" });
    fireEvent.pointerEnter(button);
    fireEvent.focus(button);
    expect(prefetch).toHaveBeenCalledTimes(2);
    expect(onChoosePlan).not.toHaveBeenCalled();
  });

  it("says the plans and the promises in Khmer", () => {
    renderHero("km");
    const plans = screen.getByRole("group", { name: "ជ្រើសរើសគម្រោងដើម្បីចាប់ផ្ដើម" });
    expect(within(plans).getAllByRole("button").map((b) => b.textContent)).toEqual(["1 ខែ · $9.99", "3 ខែ · $29.99", "12 ខែ · $119.99"]);
    expect(screen.getByText(`ធានាសងប្រាក់វិញក្នុង ${SITE.refundWindowDays} ថ្ងៃ`)).toBeTruthy();
  });
});

describe("the Quick Setup Guide", () => {
  it("is the setup-section anchor with three numbered steps and the spec's downloads, each in a new tab", () => {
    renderInLanguage("en", <SetupSection />);
    const section = screen.getByRole("region", { name: "Quick Setup Guide" });
    expect(section.id).toBe("setup-section");
    expect(within(section).getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
      "Download an emulator",
      "Download the Keyshop setup tool",
      "You are ready",
    ]);
    const downloads = within(section).getAllByRole("link").map((a) => [a.textContent, a.getAttribute("href")]);
    expect(downloads).toEqual([
      ["Emulator (official build)", SITE.downloads.emulatorOfficial],
      ["Emulator (Chinese build)", SITE.downloads.emulatorChinese],
      ["Installer", SITE.downloads.secondEmulatorInstaller],
      ["Import package", SITE.downloads.secondEmulatorImport],
      ["Download setup tool", SITE.downloads.setupTool],
    ]);
    for (const link of within(section).getAllByRole("link")) {
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("rel")).toBe("noopener noreferrer");
      expect(link.getAttribute("aria-describedby")).toBe(NEW_TAB_HINT_ID);
    }
    const second = within(section).getByRole("group", { name: "Or use our second supported emulator" });
    expect(within(second).getAllByRole("link").map((a) => a.textContent)).toEqual(["Installer", "Import package"]);
    for (const item of ["Setup", "Login License Keys", "Start Automating"]) expect(within(section).getByText(item)).toBeTruthy();
  });

  it("says the steps in Khmer", () => {
    renderInLanguage("km", <SetupSection />);
    const section = screen.getByRole("region", { name: "មគ្គុទ្ទេសក៍រៀបចំរហ័ស" });
    expect(within(section).getByText("ជំហានទី 2")).toBeTruthy();
    expect(within(section).getByRole("link", { name: "ទាញយកកម្មវិធីរៀបចំ" }).getAttribute("href")).toBe(SITE.downloads.setupTool);
    expect(within(section).getByText("ចូលដោយលេខកូដអាជ្ញាប័ណ្ណ")).toBeTruthy();
  });
});

describe("the 'Why choose' section and the chat button", () => {
  it("has the spec's six cards, the guarantee with the site's days, and the chat in a new tab", () => {
    renderInLanguage("en", <WhyChooseSection />);
    const section = screen.getByRole("region", { name: `Why choose ${SITE.brandName}` });
    expect(within(section).getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
      "Intuitive Experience",
      "Daily Innovations",
      "24/7 Expert Support",
      "Premium Resources",
      "Proven Success",
      "100% Satisfaction",
    ]);
    expect(within(section).getByText(`Not happy? Our ${SITE.refundWindowDays}-day money-back guarantee has you covered.`)).toBeTruthy();
    cleanup();
    renderInLanguage("km", <ChatSupportButton />);
    const chat = screen.getByRole("link", { name: "ជជែកជាមួយផ្នែកជំនួយ" });
    expect(chat.getAttribute("href")).toBe(SITE.links.supportChat);
    expect(chat.getAttribute("target")).toBe("_blank");
    expect(chat.getAttribute("aria-describedby")).toBe(NEW_TAB_HINT_ID);
  });

  it("says the cards in Khmer", () => {
    renderInLanguage("km", <WhyChooseSection />);
    const section = screen.getByRole("region", { name: `ហេតុអ្វីជ្រើសរើស ${SITE.brandName}` });
    expect(within(section).getAllByRole("heading", { level: 3 })[5]!.textContent).toBe("ពេញចិត្ត 100%");
  });
});

describe("the public footer", () => {
  function renderFooter(lng: Language = "en") {
    renderInLanguage(
      lng,
      <MemoryRouter>
        <PublicFooter />
      </MemoryRouter>,
    );
    return screen.getByRole("contentinfo");
  }

  it("links the help pages, the contacts in a new tab, the brand home, and says © 2024 with the payment logos", () => {
    const footer = renderFooter();
    const help = within(footer).getByRole("navigation", { name: "Help" });
    expect(within(help).getAllByRole("link").map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Privacy Policy", "/privacy-policy"],
      ["Terms of Service", "/terms-of-service"],
      ["FAQ", "/faq"],
    ]);
    for (const [name, href] of [
      ["Support chat", SITE.links.supportChat],
      ["Community chat", SITE.links.communityChat],
      ["Documentation", SITE.links.documentation],
    ] as const) {
      const link = within(footer).getByRole("link", { name });
      expect(link.getAttribute("href")).toBe(href);
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("aria-describedby")).toBe(NEW_TAB_HINT_ID);
    }
    expect(within(footer).getByRole("link", { name: SITE.brandName }).getAttribute("href")).toBe("/");
    expect(within(footer).getByText(`© 2024 ${SITE.brandName}. All rights reserved.`)).toBeTruthy();
    const logos = within(footer).getByRole("list", { name: "We accept" });
    expect(within(logos).getAllByRole("img").map((img) => img.getAttribute("alt"))).toEqual(SITE.paymentMethods.map((m) => m.name));
  });

  it("says its headings and links in Khmer", () => {
    const footer = renderFooter("km");
    expect(within(footer).getByRole("navigation", { name: "ជំនួយ" })).toBeTruthy();
    expect(within(footer).getByRole("link", { name: "គោលការណ៍ឯកជនភាព" }).getAttribute("href")).toBe("/privacy-policy");
    expect(within(footer).getByText(`© 2024 ${SITE.brandName}។ រក្សាសិទ្ធិគ្រប់យ៉ាង។`)).toBeTruthy();
    expect(within(footer).getByRole("list", { name: "យើងទទួលយក" })).toBeTruthy();
  });
});

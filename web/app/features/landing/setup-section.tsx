import type { ReactNode } from "react";
import { CheckIcon, DownloadIcon, PackageIcon } from "lucide-react";

import { SITE } from "../../../../contracts/site";
import { Button } from "~/components/ui/button";
import { SectionHeading } from "~/features/landing/section-heading";
import { NEW_TAB_HINT_ID, SECTION_IDS } from "~/components/public/sections";
import { useTranslation } from "~/lib/i18n";

function DownloadLink({
  href,
  children,
  variant = "default",
  size = "lg",
  className = "w-full justify-start",
}: {
  href: string;
  children: ReactNode;
  variant?: "default" | "outline";
  size?: "lg" | "sm";
  className?: string;
}) {
  return (
    <Button asChild variant={variant} size={size} className={className}>
      <a href={href} target="_blank" rel="noopener noreferrer" aria-describedby={NEW_TAB_HINT_ID}>
        {size === "lg" ? <DownloadIcon aria-hidden="true" /> : <PackageIcon aria-hidden="true" />}
        <span className="truncate">{children}</span>
      </a>
    </Button>
  );
}

function Step({ n, title, text, children }: { n: number; title: string; text: string; children: ReactNode }) {
  const { t } = useTranslation("landing");
  return (
    <li className="relative flex flex-col rounded-2xl border bg-card p-6 shadow-xs sm:p-7">
      <p className="flex items-center gap-3">
        <span
          className="flex size-9 items-center justify-center rounded-full bg-brand text-sm font-bold text-brand-foreground"
          aria-hidden="true"
        >
          {n}
        </span>
        <span className="text-sm font-semibold tracking-wide text-brand-text uppercase">
          {t("setup.step", { n })}
        </span>
      </p>
      <h3 className="mt-5 text-lg font-semibold">{title}</h3>
      <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
      <div className="mt-6 flex flex-1 flex-col justify-end">{children}</div>
    </li>
  );
}

/** Quick Setup Guide (#setup-section): emulator, setup tool, checklist. */
export function SetupSection() {
  const { t } = useTranslation("landing");
  const checklist = [
    { title: t("setup.setup"), text: t("setup.setupText") },
    { title: t("setup.login"), text: t("setup.loginText") },
    { title: t("setup.start"), text: t("setup.startText") },
  ];

  return (
    <section
      id={SECTION_IDS.setup}
      aria-labelledby="setup-heading"
      tabIndex={-1}
      className="scroll-mt-16 border-t border-border/60 bg-muted/30 py-20 outline-none sm:py-28"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="setup-heading" eyebrow={t("setup.eyebrow")} title={t("setup.title")}>
          {t("setup.subtitle")}
        </SectionHeading>

        <ol className="mt-14 grid gap-6 lg:grid-cols-3">
          <Step n={1} title={t("setup.emulatorTitle")} text={t("setup.emulatorText")}>
            <div className="grid gap-2.5">
              <DownloadLink href={SITE.downloads.emulatorOfficial}>{t("setup.emulatorOfficial")}</DownloadLink>
              <DownloadLink href={SITE.downloads.emulatorChinese}>{t("setup.emulatorChinese")}</DownloadLink>
              <p id="second-emulator" className="mt-2 text-xs font-medium text-muted-foreground">
                {t("setup.secondEmulator")}
              </p>
              <div role="group" aria-labelledby="second-emulator" className="flex flex-wrap gap-2">
                <DownloadLink
                  href={SITE.downloads.secondEmulatorInstaller}
                  variant="outline"
                  size="sm"
                  className="flex-auto"
                >
                  {t("setup.secondEmulatorInstaller")}
                </DownloadLink>
                <DownloadLink
                  href={SITE.downloads.secondEmulatorImport}
                  variant="outline"
                  size="sm"
                  className="flex-auto"
                >
                  {t("setup.secondEmulatorImport")}
                </DownloadLink>
              </div>
            </div>
          </Step>

          <Step n={2} title={t("setup.toolTitle")} text={t("setup.toolText")}>
            <DownloadLink href={SITE.downloads.setupTool}>{t("setup.toolButton")}</DownloadLink>
          </Step>

          <Step n={3} title={t("setup.checklistTitle")} text={t("setup.checklistText")}>
            <ul className="grid gap-4">
              {checklist.map((item) => (
                <li key={item.title} className="flex gap-3">
                  <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-brand text-brand-foreground">
                    <CheckIcon className="size-3.5" strokeWidth={3} aria-hidden="true" />
                  </span>
                  <div>
                    <p className="text-sm font-semibold">{item.title}</p>
                    <p className="mt-0.5 text-sm text-muted-foreground">{item.text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </Step>
        </ol>
      </div>
    </section>
  );
}

import type { ReactNode } from "react";
import { CircleHelpIcon, DownloadIcon, ExternalLinkIcon, PlayCircleIcon, type LucideIcon } from "lucide-react";
import { Link } from "react-router";

import { AccountActions } from "~/components/public/account-actions";
import { CONTACT_LINKS } from "~/components/public/contact-menu";
import { Button } from "~/components/ui/button";
import { NEW_TAB_HINT_ID, SECTION_IDS } from "~/components/public/sections";
import { useTranslation } from "~/lib/i18n";

/** The mobile menu's entries (the menu itself stays in the header, public-header.tsx, hidden until opened). */
export function MobileMenuItems({
  goToSection,
  onChoose,
}: {
  goToSection: (id: string) => void;
  onChoose: () => void;
}) {
  const { t } = useTranslation("common");
  return (
    <div className="mx-auto grid max-w-6xl gap-1.5 px-4 py-4 sm:px-6">
      <MobileButton
        icon={PlayCircleIcon}
        section={SECTION_IDS.videos}
        onClick={() => {
          onChoose();
          goToSection(SECTION_IDS.videos);
        }}
      >
        {t("nav.videos")}
      </MobileButton>
      <MobileButton
        icon={DownloadIcon}
        section={SECTION_IDS.setup}
        onClick={() => {
          onChoose();
          goToSection(SECTION_IDS.setup);
        }}
      >
        {t("nav.download")}
      </MobileButton>
      <p className="mt-2 px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {t("nav.contact")}
      </p>
      {CONTACT_LINKS.map((item) => (
        <Button key={item.key} asChild variant="ghost" className="h-11 justify-start text-base">
          <a
            href={item.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-describedby={NEW_TAB_HINT_ID}
            onClick={onChoose}
          >
            <item.icon className="size-5" aria-hidden="true" />
            {t(`nav.${item.key}`)}
            <ExternalLinkIcon className="ml-auto size-4 opacity-60" aria-hidden="true" />
          </a>
        </Button>
      ))}
      <Button asChild variant="ghost" className="h-11 justify-start text-base">
        <Link to="/faq" onClick={onChoose}>
          <CircleHelpIcon className="size-5" aria-hidden="true" />
          {t("nav.faq")}
        </Link>
      </Button>
      <div className="mt-3 grid gap-2 border-t border-border/60 pt-4">
        <AccountActions stacked onChoose={onChoose} />
      </div>
    </div>
  );
}

function MobileButton({
  icon: Icon,
  section,
  onClick,
  children,
}: {
  icon: LucideIcon;
  section: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      type="button"
      variant="ghost"
      className="h-11 justify-start text-base"
      data-section={section}
      onClick={onClick}
    >
      <Icon className="size-5" aria-hidden="true" />
      {children}
    </Button>
  );
}

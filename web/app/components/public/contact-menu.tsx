import {
  BookOpenIcon,
  CircleHelpIcon,
  ExternalLinkIcon,
  MessageCircleIcon,
  UsersIcon,
  type LucideIcon,
} from "lucide-react";
import { Link } from "react-router";

import { SITE } from "../../../../contracts/site";
import { Disclosure, MENU_ITEM_CLASS } from "~/components/public/header-disclosure";
import { NEW_TAB_HINT_ID } from "~/components/public/sections";
import { useTranslation } from "~/lib/i18n";

type ExternalItem = { key: string; href: string; icon: LucideIcon };

/** The contact links, in the desktop Contact menu and in the mobile menu. */
export const CONTACT_LINKS: ExternalItem[] = [
  { key: "supportChat", href: SITE.links.supportChat, icon: MessageCircleIcon },
  { key: "communityChat", href: SITE.links.communityChat, icon: UsersIcon },
  { key: "documentation", href: SITE.links.documentation, icon: BookOpenIcon },
];

export function ContactMenu() {
  const { t } = useTranslation("common");
  return (
    <Disclosure triggerLabel={t("nav.contact")}>
      {(close) => (
        <ul className="grid gap-0.5">
          {CONTACT_LINKS.map((item) => (
            <li key={item.key}>
              <a
                data-menu-item
                href={item.href}
                target="_blank"
                rel="noopener noreferrer"
                aria-describedby={NEW_TAB_HINT_ID}
                className={MENU_ITEM_CLASS}
                onClick={close}
              >
                <item.icon className="text-muted-foreground" aria-hidden="true" />
                {t(`nav.${item.key}`)}
                <ExternalLinkIcon className="ml-auto opacity-50" aria-hidden="true" />
              </a>
            </li>
          ))}
          <li className="mt-0.5 border-t border-border/70 pt-0.5">
            <Link data-menu-item to="/faq" className={MENU_ITEM_CLASS} onClick={close}>
              <CircleHelpIcon className="text-muted-foreground" aria-hidden="true" />
              {t("nav.faq")}
            </Link>
          </li>
        </ul>
      )}
    </Disclosure>
  );
}

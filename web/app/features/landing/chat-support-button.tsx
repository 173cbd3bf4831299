import { MessageCircleIcon } from "lucide-react";

import { SITE } from "../../../../contracts/site";
import { NEW_TAB_HINT_ID } from "~/components/public/sections";
import { useTranslation } from "~/lib/i18n";

/** Floating 'Chat Support' button: opens the support chat in a new tab. */
export function ChatSupportButton() {
  const { t } = useTranslation("landing");
  return (
    <a
      href={SITE.links.supportChat}
      target="_blank"
      rel="noopener noreferrer"
      aria-describedby={NEW_TAB_HINT_ID}
      className="fixed right-4 bottom-4 z-30 inline-flex h-12 items-center gap-2 rounded-full bg-brand px-4 text-sm font-semibold text-brand-foreground shadow-lg shadow-brand/30 ring-1 ring-black/5 transition-transform outline-none hover:-translate-y-0.5 focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-offset-2 motion-reduce:transition-none sm:right-6 sm:bottom-6 sm:px-5"
    >
      <MessageCircleIcon className="size-5" aria-hidden="true" />
      <span className="sr-only sm:not-sr-only">{t("chatSupport")}</span>
    </a>
  );
}

import { CheckIcon, MessageCircleIcon } from "lucide-react";

import { SITE } from "../../../../contracts/site";
import { formatPrice, type CataloguePlan } from "../../../../contracts/plan-catalogue";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { planFeature, planTitle } from "~/features/landing/plan-text";
import { NEW_TAB_HINT_ID } from "~/features/landing/sections";
import { useTranslation } from "~/lib/i18n";

/**
 * The payment step for a chosen plan. A placeholder until the payments release replaces it
 * with the real checkout (same props).
 */
export function PaymentDialog({
  plan,
  open,
  onOpenChange,
}: {
  plan: CataloguePlan | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("landing");
  if (!plan) return null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="brand-green gap-5 sm:max-w-md">
        <DialogHeader>
          <DialogTitle className="text-xl font-semibold tracking-tight">
            {t("payment.title", { title: planTitle(t, plan.title), price: formatPrice(plan.priceMills) })}
          </DialogTitle>
          <DialogDescription>{t("payment.description")}</DialogDescription>
        </DialogHeader>
        <p className="rounded-lg border border-brand/25 bg-brand-soft px-4 py-3 text-sm leading-relaxed">
          {t("payment.body")}
        </p>
        <div className="grid gap-2">
          <p className="text-sm font-medium">{t("payment.includes")}</p>
          <ul className="grid gap-1.5 text-sm text-muted-foreground">
            {plan.features.map((feature) => (
              <li key={feature.id} className="flex items-start gap-2">
                <CheckIcon className="mt-0.5 size-4 shrink-0 text-brand-text" aria-hidden="true" />
                {planFeature(t, feature)}
              </li>
            ))}
          </ul>
        </div>
        <DialogFooter className="gap-2">
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {t("payment.close")}
            </Button>
          </DialogClose>
          <Button asChild>
            <a
              href={SITE.links.supportChat}
              target="_blank"
              rel="noopener noreferrer"
              aria-describedby={NEW_TAB_HINT_ID}
            >
              <MessageCircleIcon aria-hidden="true" />
              {t("payment.contact")}
            </a>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

import type { ReactNode } from "react";
import { CheckIcon } from "lucide-react";

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
import { itemTitle, usePaymentsCopy } from "~/features/payments/copy";
import { cn } from "~/lib/utils";

import type { PaidPayment } from "./payment-return";
import { paymentReturnText, type PaymentReturnText } from "./texts";

/** The success popup: amount paid and plan; the page adds the verified status and next steps. */
export function PaymentSuccessDialog({
  payment,
  open,
  onOpenChange,
  text: givenText,
  status,
  children,
  className,
}: {
  payment: PaidPayment | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The page's own words (default: the payments namespace's). */
  text?: PaymentReturnText;
  /** The order's verified status, when the page can read it. */
  status?: ReactNode;
  /** Next steps (new balance, licence keys, the app link). */
  children?: ReactNode;
  className?: string;
}) {
  const { t } = usePaymentsCopy();
  if (!payment) return null;
  const text = givenText ?? paymentReturnText(t);
  const description =
    payment.kind === "topup" ? text.topUpDescription(payment.planPrice) : text.planDescription(payment);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={cn("gap-5 sm:max-w-md", className)} data-testid="payment-success-dialog">
        <DialogHeader className="items-center text-center sm:text-center">
          <span className="mb-1 flex size-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-700 ring-8 ring-emerald-50 dark:bg-emerald-400/15 dark:text-emerald-300 dark:ring-emerald-400/5">
            <CheckIcon className="size-6" strokeWidth={2.5} aria-hidden="true" />
          </span>
          <DialogTitle className="text-xl font-semibold tracking-tight">{text.successTitle}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>

        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 rounded-lg border bg-muted/40 px-4 py-3 text-sm">
          <dt className="text-muted-foreground">{text.planLabel}</dt>
          <dd className="text-right font-medium" data-testid="paid-plan">
            {itemTitle(payment)}
          </dd>
          <dt className="text-muted-foreground">{text.amountLabel}</dt>
          <dd className="text-right text-base font-semibold tabular-nums" data-testid="paid-amount">
            {payment.planPrice}
          </dd>
        </dl>

        {status}
        {children}

        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" className="w-full sm:w-auto">
              {text.done}
            </Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

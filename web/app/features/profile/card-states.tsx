// What a Profile card shows until its data is there: skeleton lines read out as loading, or the
// failed load's message with Try again.
import { RotateCwIcon } from "lucide-react";

import { useTableCopy } from "~/components/data-table/copy";
import { Button } from "~/components/ui/button";
import { Skeleton } from "~/components/ui/skeleton";

export function CardLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTableCopy();
  return (
    <div role="alert" className="grid gap-3 text-sm">
      <p className="text-destructive">{message}</p>
      <Button variant="outline" size="sm" className="w-fit" onClick={onRetry}>
        <RotateCwIcon aria-hidden="true" />
        {t("tryAgain")}
      </Button>
    </div>
  );
}

/** `label` is read by screen readers ("Loading your profile"); `skeletons`: each line's classes. */
export function CardLoading({ label, skeletons }: { label: string; skeletons: string[] }) {
  return (
    <div role="status" className="grid gap-4">
      <span className="sr-only">{label}</span>
      {skeletons.map((className, index) => (
        <Skeleton key={index} className={className} />
      ))}
    </div>
  );
}

import { Loader2Icon } from "lucide-react";

import { useTranslation } from "~/lib/i18n";
import { cn } from "~/lib/utils";

export function Spinner({ className, label }: { className?: string; label?: string }) {
  const { t } = useTranslation("common");
  return (
    <span role="status" className={cn("inline-flex items-center justify-center", className)}>
      <Loader2Icon className="size-6 animate-spin text-muted-foreground" aria-hidden="true" />
      <span className="sr-only">{label ?? t("a11y.loading")}</span>
    </span>
  );
}

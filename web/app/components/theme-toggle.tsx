import { MoonIcon, SunIcon } from "lucide-react";

import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n";
import { useTheme } from "~/lib/theme";

/**
 * Both icons are rendered and switched by the `dark` class (set before paint by
 * the inline theme script), so prerendered HTML and the first client render always match.
 */
export function ThemeIcon() {
  return (
    <>
      <SunIcon className="dark:hidden" aria-hidden="true" />
      <MoonIcon className="hidden dark:block" aria-hidden="true" />
    </>
  );
}

export function ThemeToggleButton({ className }: { className?: string }) {
  const { t } = useTranslation("common");
  const { toggleTheme } = useTheme();
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className={className}
      aria-label={t("a11y.toggleTheme")}
      data-theme-toggle
      onClick={toggleTheme}
    >
      <ThemeIcon />
    </Button>
  );
}

import { createContext, useContext } from "react";
import { Link } from "react-router";

import { type AuthView, type LinkView } from "~/features/auth/auth-views";
import { useAuthCopy } from "~/features/auth/copy";
import { cn } from "~/lib/utils";

export const AUTH_PATH = "/auth";

export function authViewHref(view: AuthView) {
  return view === "sign_in" ? AUTH_PATH : `${AUTH_PATH}?view=${view}`;
}

type LinkTarget = LinkView;

/**
 * Lets a host keep the current view in its own state instead of the URL (the landing's sign-in
 * dialog) and limit which views are offered. Without a provider the links go to /auth?view=...
 */
export const AuthViewSwitchContext = createContext<{
  views: readonly AuthView[];
  onSwitch: (view: AuthView) => void;
} | null>(null);

const LINK_CLASS =
  "rounded-sm text-sm text-muted-foreground underline-offset-4 outline-none transition-colors hover:text-brand-text hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50";

/** Links that switch the auth view (the view lives in the URL: /auth?view=...). */
export function ViewLinks({
  views,
  onNavigate,
  className,
}: {
  views: LinkTarget[];
  onNavigate?: () => void;
  className?: string;
}) {
  const { t } = useAuthCopy();
  const host = useContext(AuthViewSwitchContext);
  const shown = host ? views.filter((view) => host.views.includes(view)) : views;
  if (shown.length === 0) return null;
  return (
    <nav aria-label={t("links.label")} className={cn("flex flex-col items-center gap-2", className)}>
      {shown.map((view) =>
        host ? (
          <button
            key={view}
            type="button"
            onClick={() => {
              onNavigate?.();
              host.onSwitch(view);
            }}
            className={LINK_CLASS}
          >
            {t(`links.${view}`)}
          </button>
        ) : (
          <Link key={view} to={authViewHref(view)} replace onClick={onNavigate} className={LINK_CLASS}>
            {t(`links.${view}`)}
          </Link>
        ),
      )}
    </nav>
  );
}

export const SIGN_IN_ALTERNATIVES: LinkTarget[] = [
  "forgotten_password",
  "magic_link",
  "verify_otp",
  "sign_up",
];

import { useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";

import { Button } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n";
import { usePublicSession } from "~/lib/session";
import { cn } from "~/lib/utils";

/** Sign In when signed out; Dashboard (and Sign Out off the home page) when signed in. */
export function AccountActions({ stacked = false, onChoose }: { stacked?: boolean; onChoose?: () => void }) {
  const { t } = useTranslation("common");
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const signedIn = usePublicSession() != null;
  const [signingOut, setSigningOut] = useState(false);
  const size = stacked ? "lg" : "default";

  async function handleSignOut() {
    setSigningOut(true);
    try {
      // better-auth's client and the toaster load only now.
      const { signOut } = await import("~/features/session/sign-out");
      await signOut(navigate);
    } catch (error) {
      console.error("Sign out failed", error);
    } finally {
      setSigningOut(false);
    }
  }

  if (!signedIn) {
    return (
      <Button asChild size={size} className={cn(stacked && "w-full")}>
        <Link to="/auth" onClick={onChoose}>
          {t("nav.signIn")}
        </Link>
      </Button>
    );
  }

  return (
    <>
      {pathname !== "/" ? (
        <Button
          type="button"
          variant={stacked ? "outline" : "ghost"}
          size={size}
          className={cn(stacked && "w-full")}
          onClick={() => {
            onChoose?.();
            void handleSignOut();
          }}
          disabled={signingOut}
        >
          {t("nav.signOut")}
        </Button>
      ) : null}
      <Button asChild size={size} className={cn(stacked && "w-full", stacked && "order-first")}>
        <Link to="/license-keys" onClick={onChoose}>
          {t("nav.dashboard")}
        </Link>
      </Button>
    </>
  );
}

import { useState } from "react";
import { Loader2Icon } from "lucide-react";

import { Button } from "~/components/ui/button";
import { providerErrorMessage } from "~/features/auth/auth-errors";
import { useAuthCopy } from "~/features/auth/copy";
import { authClient } from "~/lib/auth-client";

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4">
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.76h3.56c2.08-1.92 3.28-4.74 3.28-8.09Z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.56-2.76c-.98.66-2.24 1.06-3.72 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23Z"
      />
      <path
        fill="#FBBC05"
        d="M5.84 14.11A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.11V7.05H2.18A11 11 0 0 0 1 12c0 1.78.43 3.46 1.18 4.95l3.66-2.84Z"
      />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1A11 11 0 0 0 2.18 7.05l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38Z"
      />
    </svg>
  );
}

/** Starts Google sign-in; better-auth's client then sends the browser to Google. */
export function GoogleButton({
  onError,
  callbackURL = "/dashboard",
}: {
  onError: (message: string) => void;
  /** Where Google sends the browser back to once signed in (the landing dialog uses "/"). */
  callbackURL?: string;
}) {
  const { t } = useAuthCopy();
  const [pending, setPending] = useState(false);

  async function signInWithGoogle() {
    setPending(true);
    const { error } = await authClient.signIn.social({
      provider: "google",
      callbackURL,
      errorCallbackURL: "/auth",
    });
    if (error) {
      setPending(false);
      onError(providerErrorMessage(error));
    }
  }

  return (
    <Button
      type="button"
      variant="outline"
      className="w-full"
      onClick={signInWithGoogle}
      disabled={pending}
    >
      {pending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <GoogleMark />}
      {t("social.google")}
    </Button>
  );
}

/** Google's button, then a rule with "or continue with e-mail" above the e-mail forms. */
export function GoogleOrEmail({ onError, callbackURL }: { onError: (message: string) => void; callbackURL?: string }) {
  const { t } = useAuthCopy();
  return (
    <>
      <GoogleButton onError={onError} callbackURL={callbackURL} />
      <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
        <span className="h-px flex-1 bg-border" />
        {t("social.orEmail")}
        <span className="h-px flex-1 bg-border" />
      </div>
    </>
  );
}

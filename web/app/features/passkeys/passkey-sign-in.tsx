import { useEffect, useState } from "react";
import { KeyRoundIcon, Loader2Icon } from "lucide-react";

import { Button } from "~/components/ui/button";
import { FormMessage } from "~/components/form-message";
import { cn } from "~/lib/utils";

import { passkeysSupported, signInWithPasskey } from "./api";
import { passkeyErrorText, usePasskeyCopy } from "./copy";

/**
 * "Use a passkey": the browser asks for one of this site's passkeys (any account's: a passkey names
 * its account), and the server signs in afresh with a session that has passed the second factor.
 * On the sign-in form, on its second step, and where a session waits for its second factor.
 */
export function PasskeySignIn({
  onSignedIn,
  label = "usePasskey",
  className,
}: {
  onSignedIn: () => Promise<void> | void;
  label?: "usePasskey" | "withPasskey";
  className?: string;
}) {
  const { t } = usePasskeyCopy();
  const [supported, setSupported] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // After hydration: the server's render knows nothing of the browser.
  useEffect(() => setSupported(passkeysSupported()), []);
  if (!supported) return null;

  const run = async () => {
    setError(null);
    setPending(true);
    try {
      await signInWithPasskey();
    } catch (failure) {
      setError(passkeyErrorText(t, failure));
      setPending(false);
      return;
    }
    await onSignedIn();
    setPending(false);
  };

  return (
    <div className={cn("grid gap-3", className)}>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <Button type="button" variant="outline" className="w-full" onClick={() => void run()} disabled={pending} aria-busy={pending || undefined} data-testid="passkey-sign-in">
        {pending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <KeyRoundIcon aria-hidden="true" />}
        {pending ? t("signIn.waiting") : t(`signIn.${label}`)}
      </Button>
    </div>
  );
}

/** A thin "or" between two ways of doing the same step. */
export function OrDivider() {
  const { t } = usePasskeyCopy();
  return (
    <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
      <span className="h-px flex-1 bg-border" />
      {t("signIn.or")}
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}

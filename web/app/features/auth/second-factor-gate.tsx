import { useQueryClient } from "@tanstack/react-query";
import { KeyRoundIcon, ShieldCheckIcon } from "lucide-react";
import { Link } from "react-router";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { useAuthCopy } from "~/features/auth/copy";
import { SecondFactorForm } from "~/features/auth/second-factor-form";
import { usePasskeyCopy } from "~/features/passkeys/copy";
import { OrDivider, PasskeySignIn } from "~/features/passkeys/passkey-sign-in";
import { useMe } from "~/features/session/queries";
import { useSignOut } from "~/features/session/use-sign-out";

/**
 * Shown instead of a dashboard page while a second factor is due (lib/nav.ts, secondFactorDue):
 * the passkey or the code, for a session that has not passed it; or where to set one up, for an
 * admin without one (a passkey recommended; decisions 018, 038).
 */
export function SecondFactorGate({ due }: { due: "code" | "enrol" }) {
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const me = useMe();
  const { t } = usePasskeyCopy();
  const { t: ta } = useAuthCopy();

  if (due === "enrol") {
    return (
      <Card className="mx-auto max-w-lg" data-testid="second-factor-enrol">
        <CardHeader>
          <ShieldCheckIcon className="size-8 text-brand-text" aria-hidden="true" />
          <CardTitle>
            <h1 className="text-xl">{t("gate.enrolTitle")}</h1>
          </CardTitle>
          <CardDescription>{t("gate.enrolDescription")}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to="/profile#passkeys">
              <KeyRoundIcon aria-hidden="true" />
              {t("gate.addPasskey")}
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/profile#two-factor">{t("gate.useApp")}</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }

  const user = me.data;
  const app = user?.twoFactorEnabled ?? true;
  const passkey = user?.passkeyEnabled ?? false;
  // Everything was refused until now: read it all again.
  const passed = () => queryClient.invalidateQueries();

  return (
    <Card className="mx-auto max-w-md" data-testid="second-factor-code">
      <CardHeader>
        <ShieldCheckIcon className="size-8 text-brand-text" aria-hidden="true" />
        <CardTitle>
          <h1 className="text-xl">{ta("gate.title")}</h1>
        </CardTitle>
        <CardDescription>{app ? ta("gate.description") : t("gate.passkeyOnly")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {passkey ? <PasskeySignIn onSignedIn={passed} /> : null}
        {passkey && app ? <OrDivider /> : null}
        {app ? <SecondFactorForm onVerified={passed} /> : null}
        <Button variant="outline" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          {ta("gate.signOut")}
        </Button>
      </CardContent>
    </Card>
  );
}

import { useQueryClient } from "@tanstack/react-query";
import { ShieldCheckIcon } from "lucide-react";
import { Link } from "react-router";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { SecondFactorForm } from "~/features/auth/second-factor-form";
import { useSignOut } from "~/features/session/use-sign-out";

/**
 * Shown instead of a dashboard page while a second factor is due (lib/nav.ts, secondFactorDue):
 * the code, for a session that has not passed it; or where to enrol, for an admin without one.
 */
export function SecondFactorGate({ due }: { due: "code" | "enrol" }) {
  const queryClient = useQueryClient();
  const signOut = useSignOut();

  if (due === "enrol") {
    return (
      <Card className="mx-auto max-w-lg" data-testid="second-factor-enrol">
        <CardHeader>
          <ShieldCheckIcon className="size-8 text-brand-text" aria-hidden="true" />
          <CardTitle>
            <h1 className="text-xl">Set up two-factor authentication</h1>
          </CardTitle>
          <CardDescription>
            The admin console moves money and roles, so admins sign in with a code from an authenticator app as well as their password.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild>
            <Link to="/profile#two-factor">Set it up in Profile</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }

  return (
    <Card className="mx-auto max-w-md" data-testid="second-factor-code">
      <CardHeader>
        <ShieldCheckIcon className="size-8 text-brand-text" aria-hidden="true" />
        <CardTitle>
          <h1 className="text-xl">Enter your second factor</h1>
        </CardTitle>
        <CardDescription>Your account uses two-factor authentication, and this sign-in has not passed it yet.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {/* Everything was refused until now: read it all again. */}
        <SecondFactorForm onVerified={() => queryClient.invalidateQueries()} />
        <Button variant="outline" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          Sign out
        </Button>
      </CardContent>
    </Card>
  );
}

import { lazy, Suspense, useCallback, useState } from "react";

import type { ShownPlan } from "~/features/landing/landing-plans";
import { refreshPublicSession, usePublicSession } from "~/lib/session";

// Both dialogs (Radix Dialog, the auth forms, zod, react-hook-form) stay out of the landing's
// first load: fetched on the first sign of intent (hover, focus, touch) or on the click itself.
const loadSignInDialog = () => import("./landing-sign-in-dialog");
const loadPaymentDialog = () => import("./payment-dialog");
const LandingSignInDialog = lazy(() =>
  loadSignInDialog().then((m) => ({ default: m.LandingSignInDialog })),
);
const PaymentDialog = lazy(() => loadPaymentDialog().then((m) => ({ default: m.PaymentDialog })));

type OpenDialog = "sign-in" | "payment" | null;

/**
 * What a plan button does: signed out, the 'Welcome' sign-in dialog (then the payment dialog
 * for the same plan); signed in, the payment dialog.
 */
export function usePlanCheckout() {
  const session = usePublicSession(); // undefined until the server has answered
  const signedIn = session != null;
  const [plan, setPlan] = useState<ShownPlan | null>(null);
  const [open, setOpen] = useState<OpenDialog>(null);
  // Mounted once used, so that the closing animation can play and reopening is instant.
  const [used, setUsed] = useState<{ signIn: boolean; payment: boolean }>({
    signIn: false,
    payment: false,
  });

  const prefetch = useCallback(() => {
    void (signedIn ? loadPaymentDialog() : loadSignInDialog()).catch(() => undefined);
  }, [signedIn]);

  const choosePlan = useCallback(
    (next: ShownPlan) => {
      setPlan(next);
      const openFor = (isSignedIn: boolean) => {
        if (isSignedIn) {
          setUsed((u) => ({ ...u, payment: true }));
          setOpen("payment");
        } else {
          setUsed((u) => ({ ...u, signIn: true }));
          setOpen("sign-in");
        }
      };
      // A click right after the page started can come before the session check has answered:
      // wait for it rather than offer a signed-in visitor the sign-in dialog.
      if (session !== undefined) openFor(session !== null);
      else refreshPublicSession().then((value) => openFor(value !== null), () => openFor(false));
    },
    [session],
  );

  const dialogs = (
    <Suspense fallback={null}>
      {used.signIn ? (
        <LandingSignInDialog
          open={open === "sign-in"}
          plan={plan}
          onOpenChange={(isOpen) => setOpen(isOpen ? "sign-in" : null)}
          onSignedIn={() => {
            // Carry on with the plan that was clicked.
            setUsed((u) => ({ ...u, payment: true }));
            setOpen(plan ? "payment" : null);
          }}
        />
      ) : null}
      {used.payment ? (
        <PaymentDialog
          plan={plan}
          open={open === "payment"}
          onOpenChange={(isOpen) => setOpen(isOpen ? "payment" : null)}
        />
      ) : null}
    </Suspense>
  );

  return { choosePlan, prefetch, dialogs };
}

/** Props that start loading the dialog as soon as a visitor shows interest in a plan button. */
export function intentProps(prefetch: () => void) {
  return { onPointerEnter: prefetch, onFocus: prefetch, onTouchStart: prefetch };
}

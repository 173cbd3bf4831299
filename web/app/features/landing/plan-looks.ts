// A plan's look, plain or marked popular: the card, its button and its hero button. One place for
// the components and for the words the static page's script reads (data-looks on the pricing
// section), so web/enhance/catalogue.ts can move the popular mark to the plan the seller marks
// and make the exact classes the app then renders (decision 076).
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";

export function cardClass(popular: boolean) {
  return cn(
    "relative flex flex-col rounded-2xl border bg-card p-7 shadow-xs",
    popular && "border-brand/60 shadow-xl shadow-brand/10 ring-1 ring-brand/60 lg:-my-3 lg:py-10",
  );
}

/** As <Button size="lg" variant=… className="w-full"> makes it (components/ui/button.tsx). */
export function choiceClass(popular: boolean) {
  return cn(buttonVariants({ variant: popular ? "default" : "outline", size: "lg", className: "w-full" }));
}

/** The hero's plan button, as <Button size="lg" variant=… className=…> makes it. */
export function heroChoiceClass(popular: boolean) {
  return cn(
    buttonVariants({ variant: popular ? "default" : "outline", size: "lg", className: cn("h-12 w-full text-base", popular && "shadow-md shadow-brand/25") }),
  );
}

/** What data-looks holds: each kind's classes, plain then popular (web/enhance/catalogue.ts). */
export type PlanLooks = Record<"card" | "choice" | "hero", [string, string]>;

export function planLooks(): PlanLooks {
  const both = (look: (popular: boolean) => string): [string, string] => [look(false), look(true)];
  return { card: both(cardClass), choice: both(choiceClass), hero: both(heroChoiceClass) };
}

// Issue a licence for a plan to this customer (what `npm run license:create` does): the key
// e-mail goes to them; the reason goes to the audit log.
import { useId, useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { PlusIcon } from "lucide-react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";

import { ReasonSchema } from "../../../../../contracts/customers";
import { formatPrice } from "../../../../../contracts/money";
import { PLAN_CATALOGUE } from "../../../../../contracts/plan-catalogue";
import { DialogSubmitFooter } from "~/components/dialog-submit-footer";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { isApiError } from "~/lib/api";

import { errorMessage } from "~/lib/errors";
import { useIssueLicence } from "./queries";

const IssueSchema = z.object({
  planId: z.string().min(1, "Choose a plan"),
  name: z.string().trim().max(100, "Name is too long (100 characters at most)"),
  reason: ReasonSchema,
});
type IssueValues = z.input<typeof IssueSchema>;

const MARKET_LABEL = { local: "Local", foreign: "Foreigner" } as const;

export function IssueLicenceDialog({ email, size = "sm" }: { email: string; size?: "sm" | "default" }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size={size} variant="outline">
          <PlusIcon aria-hidden="true" />
          Issue licence
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Issue a licence</DialogTitle>
          <DialogDescription>A new licence for {email}, without a payment. The buy key is e-mailed to them; the term starts at first activation.</DialogDescription>
        </DialogHeader>
        {open ? <IssueForm email={email} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function IssueForm({ email, onDone }: { email: string; onDone: () => void }) {
  const issue = useIssueLicence(email);
  const form = useForm<IssueValues>({ resolver: zodResolver(IssueSchema), defaultValues: { planId: "", name: "", reason: "" } });
  const { errors, isSubmitting } = form.formState;
  const ids = { plan: useId(), name: useId(), reason: useId() };

  const onSubmit = form.handleSubmit(async ({ planId, name, reason }) => {
    try {
      const result = await issue.mutateAsync({ planId, name: name.trim() || undefined, reason: reason.trim() });
      toast.success("Licence issued", { description: result.message });
      onDone();
    } catch (error) {
      toast.error("Could not issue the licence", { description: errorMessage(error) });
      const path = isApiError(error) ? error.issues?.[0]?.path : undefined;
      if (path === "planId" || path === "name" || path === "reason") form.setError(path, { message: errorMessage(error) }, { shouldFocus: true });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <div className="grid gap-2">
        <Label id={`${ids.plan}-label`} htmlFor={ids.plan}>
          Plan
        </Label>
        <Controller
          control={form.control}
          name="planId"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger id={ids.plan} aria-labelledby={`${ids.plan}-label`} aria-invalid={errors.planId ? true : undefined} className="w-full">
                <SelectValue placeholder="Choose a plan" />
              </SelectTrigger>
              <SelectContent>
                {PLAN_CATALOGUE.map((plan) => (
                  <SelectItem key={plan.id} value={plan.id}>
                    {plan.title} · {MARKET_LABEL[plan.market]} · {formatPrice(plan.priceMills)} · {plan.keyChanges} changes
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
        {errors.planId ? (
          <p role="alert" className="text-sm text-destructive">
            {errors.planId.message}
          </p>
        ) : null}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.name}>Display name (optional)</Label>
        <Input id={ids.name} autoComplete="off" maxLength={100} placeholder="e.g. Office PC" aria-invalid={errors.name ? true : undefined} {...form.register("name")} />
        {errors.name ? (
          <p role="alert" className="text-sm text-destructive">
            {errors.name.message}
          </p>
        ) : null}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.reason}>Reason</Label>
        <Textarea
          id={ids.reason}
          rows={3}
          maxLength={500}
          placeholder="Why? e.g. paid by bank transfer, team deal"
          aria-invalid={errors.reason ? true : undefined}
          {...form.register("reason")}
        />
        {errors.reason ? (
          <p role="alert" className="text-sm text-destructive">
            {errors.reason.message}
          </p>
        ) : (
          <p className="text-xs text-muted-foreground">Kept in the audit log with your name; the customer does not see it.</p>
        )}
      </div>
      <DialogSubmitFooter loading={isSubmitting} loadingLabel="Issuing ...">
        Issue licence
      </DialogSubmitFooter>
    </form>
  );
}

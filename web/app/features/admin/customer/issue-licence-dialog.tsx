// Issue a licence for a plan to this customer (what `npm run license:create` does): the key
// e-mail goes to them; the reason goes to the audit log.
import { useId, useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { PlusIcon } from "lucide-react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "~/lib/toast";
import { z } from "zod";

import { ReasonSchema } from "../../../../../contracts/customers";
import { formatMoney } from "../../../../../contracts/money";
import { planTitle } from "../../../../../contracts/plan-catalogue";
import { DialogSubmitFooter } from "~/components/dialog-submit-footer";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { usePlans } from "~/features/plans/use-plans";
import { isApiError } from "~/lib/api";
import type { TFunction } from "~/lib/i18n";

import { errorMessage } from "~/lib/errors";
import { adminCustomerText, fieldText, serverText, useAdminCustomerCopy } from "./copy";
import { useIssueLicense } from "./queries";
import { ReasonField } from "./reason-field";

const issueSchema = (t: TFunction) =>
  z.object({
    planId: z.string().min(1, t("issue.choosePlan")),
    name: z.string().trim().max(100, t("issue.nameTooLong")),
    reason: ReasonSchema,
  });
type IssueValues = z.input<ReturnType<typeof issueSchema>>;

export function IssueLicenseDialog({ email, size = "sm" }: { email: string; size?: "sm" | "default" }) {
  const { t } = useAdminCustomerCopy();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size={size} variant="outline">
          <PlusIcon aria-hidden="true" />
          {t("issue.trigger")}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t("issue.title")}</DialogTitle>
          <DialogDescription>{t("issue.description", { email })}</DialogDescription>
        </DialogHeader>
        {open ? <IssueForm email={email} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function IssueForm({ email, onDone }: { email: string; onDone: () => void }) {
  const { t, i18n } = useAdminCustomerCopy();
  const issue = useIssueLicense(email);
  const form = useForm<IssueValues>({
    // The schema reads the language when the form checks (its messages in the reader's words).
    resolver: (values, context, options) => zodResolver(issueSchema(adminCustomerText))(values, context, options),
    defaultValues: { planId: "", name: "", reason: "" } });
  const { errors, isSubmitting } = form.formState;
  const ids = { plan: useId(), name: useId(), reason: useId() };
  // Both markets' plans on sale, as the seller keeps them (decision 076).
  const plans = usePlans();

  const onSubmit = form.handleSubmit(async ({ planId, name, reason }) => {
    try {
      const result = await issue.mutateAsync({ planId, name: name.trim() || undefined, reason: reason.trim() });
      toast.success(t("issue.done"), { description: serverText(result.message) });
      onDone();
    } catch (error) {
      toast.error(t("issue.failed"), { description: fieldText(errorMessage(error)) });
      const path = isApiError(error) ? error.issues?.[0]?.path : undefined;
      if (path === "planId" || path === "name" || path === "reason") form.setError(path, { message: fieldText(errorMessage(error)) }, { shouldFocus: true });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <div className="grid gap-2">
        <Label id={`${ids.plan}-label`} htmlFor={ids.plan}>
          {t("issue.plan")}
        </Label>
        <Controller
          control={form.control}
          name="planId"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange} disabled={plans.status !== "ready"}>
              <SelectTrigger
                id={ids.plan}
                aria-labelledby={`${ids.plan}-label`}
                aria-invalid={errors.planId ? true : undefined}
                aria-busy={plans.status === "loading" || undefined}
                className="w-full"
              >
                <SelectValue placeholder={plans.status === "loading" ? t("issue.plansLoading") : t("issue.choosePlan")} />
              </SelectTrigger>
              <SelectContent>
                {(plans.status === "ready" ? plans.plans : []).map((plan) => (
                  <SelectItem key={plan.id} value={plan.id}>
                    {t("issue.option", {
                      title: planTitle(plan.months, i18n.language),
                      market: t(`issue.market.${plan.market}`),
                      price: formatMoney(plan.priceMills),
                      count: plan.keyChanges,
                    })}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
        {plans.status === "error" ? (
          <p role="alert" className="flex flex-wrap items-center gap-2 text-sm text-destructive">
            {t("issue.plansFailed")}
            <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={plans.retry}>
              {t("issue.plansRetry")}
            </Button>
          </p>
        ) : null}
        {errors.planId ? (
          <p role="alert" className="text-sm text-destructive">
            {errors.planId.message}
          </p>
        ) : null}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.name}>{t("issue.name")}</Label>
        <Input id={ids.name} autoComplete="off" maxLength={100} placeholder={t("issue.namePlaceholder")} aria-invalid={errors.name ? true : undefined} {...form.register("name")} />
        {errors.name ? (
          <p role="alert" className="text-sm text-destructive">
            {errors.name.message}
          </p>
        ) : null}
      </div>
      <ReasonField id={ids.reason} placeholder={t("issue.reasonPlaceholder")} error={errors.reason?.message} registration={form.register("reason")} />
      <DialogSubmitFooter loading={isSubmitting} loadingLabel={t("issue.submitting")}>
        {t("issue.submit")}
      </DialogSubmitFooter>
    </form>
  );
}

// Edit Name on /profile's User Profile card, loaded when first pressed (decision 073).
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "~/lib/toast";

import { UpdateProfileBodySchema } from "../../../../contracts/account";
import { fieldMessage } from "~/components/data-table/field-message";
import { FormField } from "~/components/form-field";
import { SubmitButton } from "~/components/submit-button";
import { Button } from "~/components/ui/button";
import { showErrorToast } from "~/lib/errors";

import { type Profile } from "./api";
import { PROFILE_FIELD_MESSAGES, useProfileCopy } from "./copy";
import { useUpdateProfile } from "./mutations";

export function NameForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const { t } = useProfileCopy();
  const update = useUpdateProfile();
  const form = useForm({
    resolver: zodResolver(UpdateProfileBodySchema),
    defaultValues: { name: profile.name },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ name }) => {
    try {
      await update.mutateAsync({ name: name ?? "" });
      toast.success(t("user.updated"));
      onDone();
    } catch (error) {
      showErrorToast(error, "update-profile");
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3">
      <FormField
        label={t("user.name")}
        autoComplete="name"
        autoFocus
        maxLength={100}
        placeholder={t("user.placeholder")}
        error={fieldMessage(t, errors.name?.message, PROFILE_FIELD_MESSAGES)}
        {...form.register("name")}
      />
      <div className="flex gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onDone}>
          {t("user.cancel")}
        </Button>
        <SubmitButton size="sm" loading={isSubmitting} loadingLabel={t("user.saving")}>
          {t("user.save")}
        </SubmitButton>
      </div>
    </form>
  );
}

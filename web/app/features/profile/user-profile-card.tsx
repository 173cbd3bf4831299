import { useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { PencilIcon } from "lucide-react";
import { useForm } from "react-hook-form";
import { toast } from "~/lib/toast";

import { UpdateProfileBodySchema } from "../../../../contracts/account";
import { fieldMessage } from "~/components/data-table/copy";
import { FormField } from "~/components/form-field";
import { SubmitButton } from "~/components/submit-button";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Switch } from "~/components/ui/switch";
import { showErrorToast } from "~/lib/errors";

import { errorMessage } from "~/lib/errors";
import { type Profile } from "./api";
import { CardLoadError, CardLoading } from "./card-states";
import { PROFILE_FIELD_MESSAGES, useProfileCopy } from "./copy";
import { useUpdateProfile } from "./mutations";
import { useProfile } from "./queries";

export function UserProfileCard() {
  const { t } = useProfileCopy();
  const query = useProfile();
  const [editing, setEditing] = useState(false);
  const profile = query.data;

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("user.title")}</h2>
        </CardTitle>
        <CardDescription>{t("user.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {profile ? (
          <>
            <dl className="grid gap-1.5">
              <dt className="text-sm font-medium">{t("user.email")}</dt>
              <dd className="break-all text-muted-foreground" data-testid="profile-email">
                {profile.email}
              </dd>
            </dl>
            {editing ? (
              <NameForm profile={profile} onDone={() => setEditing(false)} />
            ) : (
              <div className="grid gap-1.5">
                <p className="text-sm font-medium">{t("user.name")}</p>
                <div className="flex flex-wrap items-center justify-between gap-3">
                  {profile.name.trim() ? (
                    <p className="break-words" data-testid="profile-name">
                      {profile.name}
                    </p>
                  ) : (
                    <p className="text-muted-foreground italic" data-testid="profile-name">
                      {t("user.notSet")}
                    </p>
                  )}
                  <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                    <PencilIcon aria-hidden="true" />
                    {t("user.edit")}
                  </Button>
                </div>
              </div>
            )}
            <RemindersSwitch profile={profile} />
          </>
        ) : query.isError ? (
          <CardLoadError message={t("user.loadError", { message: errorMessage(query.error) })} onRetry={() => void query.refetch()} />
        ) : (
          <CardLoading label={t("user.loading")} skeletons={["h-4 w-48", "h-4 w-32"]} />
        )}
      </CardContent>
    </Card>
  );
}

/** Expiry reminders (decision 026): e-mails 7, 3, 1 days before a licence expires and on the day. */
function RemindersSwitch({ profile }: { profile: Profile }) {
  const { t } = useProfileCopy();
  const update = useUpdateProfile();
  const onChange = async (expiryReminders: boolean) => {
    try {
      await update.mutateAsync({ expiryReminders });
      toast.success(expiryReminders ? t("user.remindersOn") : t("user.remindersOff"));
    } catch (error) {
      showErrorToast(error, "update-profile");
    }
  };
  return (
    <div className="flex items-start justify-between gap-4 border-t pt-4">
      <div className="grid gap-1">
        <label htmlFor="expiry-reminders" className="text-sm font-medium">
          {t("user.reminders")}
        </label>
        <p id="expiry-reminders-hint" className="text-sm text-muted-foreground">
          {t("user.remindersHint")}
        </p>
      </div>
      <Switch
        id="expiry-reminders"
        aria-describedby="expiry-reminders-hint"
        checked={profile.expiryReminders}
        disabled={update.isPending}
        onCheckedChange={(checked) => void onChange(checked)}
      />
    </div>
  );
}

function NameForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
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

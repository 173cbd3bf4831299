import { Suspense, useState } from "react";
import { PencilIcon } from "lucide-react";
import { toast } from "~/lib/toast";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Switch } from "~/components/ui/switch";
import { useMe } from "~/features/session/queries";
import { showErrorToast } from "~/lib/errors";

import { errorMessage } from "~/lib/errors";
import { type Profile } from "./api";
import { CardLoadError, CardLoading } from "./card-states";
import { useProfileCopy } from "./copy";
import { useUpdateProfile } from "./mutations";
import { useProfile } from "./queries";
import { lazyNamed } from "~/lib/lazy-component";

// The name's form (react-hook-form, zod and the account's schema) loads when Edit Name is pressed (decision 073).
const NameForm = lazyNamed(() => import("./name-form"), "NameForm");

export function UserProfileCard() {
  const { t } = useProfileCopy();
  const query = useProfile();
  const me = useMe();
  const [editing, setEditing] = useState(false);
  const profile = query.data;
  // The dashboard mounts its pages once the session is known, so the e-mail is on screen from the
  // first paint, in its real length: a long one wraps onto a second line on a phone, which a
  // skeleton of one line could not foresee (the cards below moved, Lighthouse's CLS 0.06).
  const email = profile?.email ?? me.data?.email;

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("user.title")}</h2>
        </CardTitle>
        <CardDescription>{t("user.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {/* A failed first load shows only its error; a failed refresh keeps the card as it was. */}
        {email && (profile || !query.isError) ? (
          <dl className="grid gap-1.5">
            <dt className="text-sm font-medium">{t("user.email")}</dt>
            <dd className="break-all text-muted-foreground" data-testid="profile-email">
              {email}
            </dd>
          </dl>
        ) : null}
        {profile ? (
          <>
            {editing ? (
              <Suspense fallback={<CardLoading label={t("page.loadingSection")} skeletons={["h-9 w-full"]} />}>
                <NameForm profile={profile} onDone={() => setEditing(false)} />
              </Suspense>
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
          // About the height of what comes (the name, the reminders; the e-mail too when the session
          // has not brought it) on a phone, so the cards below stay put.
          <CardLoading
            label={t("user.loading")}
            skeletons={[...(email ? [] : ["h-4 w-16", "h-5 w-48"]), "h-4 w-24", "h-8 w-full", "h-4 w-32", "h-[4.25rem] w-full"]}
          />
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

import { useId } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { TriangleAlertIcon } from "lucide-react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "~/lib/toast";
import { z } from "zod";

import { DeviceKeySchema, DEVICE_KEY_MARKER } from "../../../../contracts/licenses";
import { fieldMessage } from "~/components/data-table/field-message";
import { DialogSubmitFooter } from "~/components/dialog-submit-footer";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useMe } from "~/features/session/queries";
import { toastFor } from "~/lib/error-toasts";
import { errorCode } from "~/lib/errors";

import type { License } from "./api";
import { LICENCE_FIELD_MESSAGES, useLicenseDialogsCopy } from "./dialog-copy";
import { LicenseFormDialog, type LicenseDialogProps } from "./license-form-dialog";
import { useChangeDeviceKey } from "./mutations";

const ChangeKeyFormSchema = z.object({ deviceKey: DeviceKeySchema });

export function ChangeKeyDialog({ license, ...dialog }: LicenseDialogProps) {
  const { t } = useLicenseDialogsCopy();
  return (
    <LicenseFormDialog
      {...dialog}
      title={t("changeKey.title")}
      // Every key set here spends one change, the first too (decision 051): said before the customer confirms.
      description={t(license.deviceKey ? "changeKey.description" : "changeKey.descriptionFirst", { count: license.changesLeft, after: Math.max(0, license.changesLeft - 1) })}
    >
      <ChangeKeyForm license={license} onDone={() => dialog.onOpenChange(false)} />
    </LicenseFormDialog>
  );
}

function ChangeKeyForm({ license, onDone }: { license: License; onDone: () => void }) {
  const { t } = useLicenseDialogsCopy();
  const me = useMe();
  const changeKey = useChangeDeviceKey();
  const form = useForm({
    resolver: zodResolver(ChangeKeyFormSchema),
    defaultValues: { deviceKey: "" },
    // Errors appear on submit and clear as soon as the key is edited again.
    reValidateMode: "onSubmit",
  });
  const { errors, isSubmitting } = form.formState;
  const value = useWatch({ control: form.control, name: "deviceKey" }) ?? "";
  // The form's own checks speak English (contracts): shown in the reader's language.
  const error = fieldMessage(t, errors.deviceKey?.message, LICENCE_FIELD_MESSAGES);
  const showHint = !error && value.trim() !== "" && !value.includes(DEVICE_KEY_MARKER);

  const buyKeyId = useId();
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;

  const onSubmit = form.handleSubmit(async ({ deviceKey }) => {
    if (!me.data?.email) {
      toast.error(t("changeKey.errorTitle"), { description: t("changeKey.noSession") });
      return;
    }
    try {
      await changeKey.mutateAsync({ id: license.id, deviceKey });
      toast.success(t("changeKey.success"));
      onDone();
    } catch (caught) {
      const { title, description } = toastFor(caught, "change-key");
      toast.error(title, { description });
      switch (errorCode(caught)) {
        // A mistyped key or one another licence holds: the customer can correct it here.
        case "VALIDATION_FAILED":
        case "DEVICE_IN_USE":
          form.setError("deviceKey", { message: description }, { shouldFocus: true });
          break;
        // No changes left, expired or gone: the list has been refreshed; nothing to retry here.
        case "NO_CHANGES_LEFT":
        case "EXPIRED":
        case "NOT_FOUND":
          onDone();
          break;
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <div className="grid gap-2">
        <Label htmlFor={buyKeyId}>{t("changeKey.buyKey")}</Label>
        <Input
          id={buyKeyId}
          value={license.buyKey}
          readOnly
          className="bg-muted/50 font-mono text-sm text-muted-foreground focus-visible:text-foreground dark:bg-muted/40"
        />
      </div>

      <div className="grid gap-2">
        <Label htmlFor={inputId}>{t("changeKey.newKey")}</Label>
        <Input
          id={inputId}
          autoComplete="off"
          spellCheck={false}
          placeholder={`${DEVICE_KEY_MARKER}-…`}
          className="font-mono"
          aria-invalid={error ? true : undefined}
          aria-describedby={[showHint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined}
          {...form.register("deviceKey", {
            onChange: () => {
              if (form.formState.errors.deviceKey) form.clearErrors("deviceKey");
            },
          })}
        />
        {showHint ? (
          <p id={hintId} className="text-xs font-medium text-amber-700 dark:text-amber-400">
            {t("changeKey.hint")}
          </p>
        ) : null}
        {error ? (
          <p id={errorId} role="alert" className="flex items-start gap-1.5 text-sm text-destructive">
            <TriangleAlertIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
            <span>{error}</span>
          </p>
        ) : null}
      </div>

      <DialogSubmitFooter loading={isSubmitting} loadingLabel={t("changeKey.submitting")}>
        {t("changeKey.submit")}
      </DialogSubmitFooter>
    </form>
  );
}

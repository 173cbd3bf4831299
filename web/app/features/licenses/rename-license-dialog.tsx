import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "~/lib/toast";

import { RenameLicenseBodySchema } from "../../../../contracts/licenses";
import { fieldMessage } from "~/components/data-table/field-message";
import { DialogSubmitFooter } from "~/components/dialog-submit-footer";
import { FormField } from "~/components/form-field";
import { showErrorToast } from "~/lib/errors";

import type { License } from "./api";
import { LICENCE_FIELD_MESSAGES, useLicenseDialogsCopy } from "./dialog-copy";
import { LicenseFormDialog, type LicenseDialogProps } from "./license-form-dialog";
import { useRenameLicense } from "./mutations";

export function RenameLicenseDialog({ license, ...dialog }: LicenseDialogProps) {
  const { t } = useLicenseDialogsCopy();
  return (
    <LicenseFormDialog {...dialog} title={t("rename.title")} description={t("rename.description")}>
      <RenameForm license={license} onDone={() => dialog.onOpenChange(false)} />
    </LicenseFormDialog>
  );
}

function RenameForm({ license, onDone }: { license: License; onDone: () => void }) {
  const { t } = useLicenseDialogsCopy();
  const rename = useRenameLicense();
  const form = useForm({
    resolver: zodResolver(RenameLicenseBodySchema),
    defaultValues: { name: license.name },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ name }) => {
    try {
      await rename.mutateAsync({ id: license.id, name });
      toast.success(t("rename.success"));
      onDone();
    } catch (error) {
      showErrorToast(error, "rename-license");
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6">
      <FormField
        label={t("rename.label")}
        autoComplete="off"
        maxLength={100}
        placeholder={t("rename.placeholder")}
        error={fieldMessage(t, errors.name?.message, LICENCE_FIELD_MESSAGES)}
        {...form.register("name")}
      />
      <DialogSubmitFooter loading={isSubmitting} loadingLabel={t("rename.submitting")}>
        {t("rename.submit")}
      </DialogSubmitFooter>
    </form>
  );
}

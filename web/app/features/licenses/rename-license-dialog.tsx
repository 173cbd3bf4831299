import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "~/lib/toast";

import { RenameLicenseBodySchema } from "../../../../contracts/licenses";
import { fieldMessage } from "~/components/data-table/copy";
import { DialogSubmitFooter } from "~/components/dialog-submit-footer";
import { FormField } from "~/components/form-field";
import { showErrorToast } from "~/lib/errors";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";

import type { License } from "./api";
import { LICENCE_FIELD_MESSAGES, useLicensesCopy } from "./copy";
import { useRenameLicense } from "./mutations";

type DialogProps = {
  license: License;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes (it is opened from a menu, not a trigger). */
  onCloseAutoFocus?: (event: Event) => void;
};

export function RenameLicenseDialog({ license, open, onOpenChange, onCloseAutoFocus }: DialogProps) {
  const { t } = useLicensesCopy();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{t("rename.title")}</DialogTitle>
          <DialogDescription>{t("rename.description")}</DialogDescription>
        </DialogHeader>
        <RenameForm license={license} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function RenameForm({ license, onDone }: { license: License; onDone: () => void }) {
  const { t } = useLicensesCopy();
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

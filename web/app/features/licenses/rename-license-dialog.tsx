import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";

import { RenameLicenseBodySchema } from "../../../../contracts/licenses";
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
import { useRenameLicense } from "./mutations";

export const RENAME_SUCCESS = "Display name has been updated successfully";

type DialogProps = {
  license: License;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes (it is opened from a menu, not a trigger). */
  onCloseAutoFocus?: (event: Event) => void;
};

export function RenameLicenseDialog({ license, open, onOpenChange, onCloseAutoFocus }: DialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Change Display Name</DialogTitle>
          <DialogDescription>
            The name helps you tell your licenses apart. It is only shown in this dashboard.
          </DialogDescription>
        </DialogHeader>
        <RenameForm license={license} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function RenameForm({ license, onDone }: { license: License; onDone: () => void }) {
  const rename = useRenameLicense();
  const form = useForm({
    resolver: zodResolver(RenameLicenseBodySchema),
    defaultValues: { name: license.name },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ name }) => {
    try {
      await rename.mutateAsync({ id: license.id, name });
      toast.success(RENAME_SUCCESS);
      onDone();
    } catch (error) {
      showErrorToast(error, "rename-license");
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6">
      <FormField
        label="Display name"
        autoComplete="off"
        maxLength={100}
        placeholder="e.g. Office PC"
        error={errors.name?.message}
        {...form.register("name")}
      />
      <DialogSubmitFooter loading={isSubmitting} loadingLabel="Saving ...">
        Save
      </DialogSubmitFooter>
    </form>
  );
}

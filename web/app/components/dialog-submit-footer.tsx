import type { ComponentProps } from "react";

import { useTableCopy } from "~/components/data-table/copy";
import { SubmitButton } from "~/components/submit-button";
import { Button } from "~/components/ui/button";
import { DialogClose, DialogFooter } from "~/components/ui/dialog";

/**
 * The footer every form dialog ends with: Cancel (closes the dialog) and the submit button, which
 * shows its loading label while the action runs. Props are the submit button's.
 */
export function DialogSubmitFooter(props: ComponentProps<typeof SubmitButton>) {
  const { t } = useTableCopy();
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline">
          {t("cancel")}
        </Button>
      </DialogClose>
      <SubmitButton {...props} />
    </DialogFooter>
  );
}

import type { ComponentProps } from "react";
import { Loader2Icon } from "lucide-react";

import { Button } from "~/components/ui/button";

type SubmitButtonProps = ComponentProps<typeof Button> & {
  loading: boolean;
  loadingLabel: string;
};

/** A submit button that swaps its label for a loading label while the form is submitting. */
export function SubmitButton({
  loading,
  loadingLabel,
  children,
  disabled,
  ...props
}: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={loading || disabled} aria-busy={loading || undefined} {...props}>
      {loading ? (
        <>
          <Loader2Icon className="animate-spin" aria-hidden="true" />
          {loadingLabel}
        </>
      ) : (
        children
      )}
    </Button>
  );
}

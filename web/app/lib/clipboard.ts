import { toast } from "sonner";

/** Writes text to the clipboard; false when the browser refuses. */
export async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (error) {
    console.error("Clipboard write failed", error);
    return false;
  }
}

/** The spec's copy toasts: 'Copied!' / '{label} copied to clipboard', or 'Copy Failed'. */
export async function copyWithToast(text: string, label: string) {
  if (await writeClipboard(text)) {
    toast.success("Copied!", { description: `${label} copied to clipboard` });
  } else {
    toast.error("Copy Failed", { description: "Failed to copy to clipboard" });
  }
}

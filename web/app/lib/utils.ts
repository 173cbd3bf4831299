import { clsx, type ClassValue } from "clsx";
import { createTailwindMerge } from "tailwind-merge";

import { config } from "./tailwind-merge-config";

// tailwind-merge with only the class groups web/app uses (scripts/tailwind-merge-config.mjs): the
// same merges as its default twMerge for the app's classes, 2.2 KB lighter on every page.
const twMerge = createTailwindMerge(() => config);

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

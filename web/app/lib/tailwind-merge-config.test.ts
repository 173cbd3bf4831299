// cn() merges with a cut-down tailwind-merge configuration (scripts/tailwind-merge-config.mjs,
// issue #28 item 5). It must stay what the script makes from today's source, and merge the app's
// classes exactly as tailwind-merge's full default configuration does.
import { readFileSync } from "node:fs";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";

// @ts-expect-error -- a plain .mjs script without types
import { appClasses, CONFIG_FILE, configSource } from "../../../scripts/tailwind-merge-config.mjs";
import { cn } from "./utils";

const classes: string[] = appClasses();

describe("cn's tailwind-merge configuration", () => {
  it("is the one made from web/app's classes (else run node scripts/tailwind-merge-config.mjs)", () => {
    expect(readFileSync(CONFIG_FILE, "utf8")).toBe(configSource(classes));
  });

  it("merges pairs of the app's classes as the full configuration does", () => {
    const differences: string[] = [];
    // Every pair of classes of the same kind (the same first word), and a spread of the rest.
    for (let i = 0; i < classes.length; i++) {
      const kind = classes[i]!.replace(/^.*:/, "").split("-")[0];
      for (let j = 0; j < classes.length; j++) {
        if ((i * 31 + j) % 17 !== 0 && classes[j]!.replace(/^.*:/, "").split("-")[0] !== kind) continue;
        const pair = `${classes[i]} ${classes[j]}`;
        if (cn(pair) !== twMerge(pair)) differences.push(`${pair} → ${cn(pair)}, not ${twMerge(pair)}`);
      }
    }
    expect(differences).toEqual([]);
    expect(classes.length).toBeGreaterThan(500);
  });

  it("still merges what the components override", () => {
    expect(cn("px-2 py-1 text-sm", "px-4 text-base")).toBe("py-1 px-4 text-base");
    expect(cn("bg-primary hover:bg-primary/90", "bg-destructive")).toBe("hover:bg-primary/90 bg-destructive");
    expect(cn("size-9 rounded-md", "size-8 rounded-full")).toBe("size-8 rounded-full");
  });
});

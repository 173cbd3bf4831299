// The locale tests' view of a namespace: every text by its dotted key.

/** Every string of a namespace by its dotted path ("panel.heading"; array items by index). */
export function leaves(tree: unknown, prefix = "", out = new Map<string, string>()): Map<string, string> {
  if (typeof tree === "string") out.set(prefix, tree);
  else if (tree && typeof tree === "object") {
    for (const [key, value] of Object.entries(tree)) leaves(value, prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

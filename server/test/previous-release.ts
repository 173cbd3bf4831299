// The previous release (issue #32 item 3, decision 070), shared by the upgrade drill and the
// expand-then-contract test: the code just before the newest migration, so that the upgrade
// crosses a schema change. Any git ref may be given instead (a tag, HEAD~5, a commit).
import { execFileSync } from "node:child_process";

const git = (args: string[], cwd: string) => execFileSync("git", args, { cwd, encoding: "utf8" }).trim();

/** The commit before the last one that touched server/db/migrations (at or before HEAD). */
export function previousReleaseRef(cwd = process.cwd()): string {
  const last = git(["log", "-1", "--format=%H", "--", "server/db/migrations"], cwd);
  if (!last) throw new Error("no commit touched server/db/migrations");
  return `${last}~1`;
}

/** The full commit a ref names. */
export function resolveRef(ref: string, cwd = process.cwd()): string {
  return git(["rev-parse", "--verify", `${ref}^{commit}`], cwd);
}

/** Migration files (.sql) present now but not at `ref`. */
export function migrationsAddedSince(ref: string, cwd = process.cwd()): string[] {
  const then = new Set(git(["ls-tree", "--name-only", ref, "server/db/migrations/"], cwd).split("\n").filter(Boolean));
  const now = git(["ls-files", "server/db/migrations/"], cwd).split("\n").filter(Boolean);
  return now.filter((f) => f.endsWith(".sql") && !then.has(f));
}

/** Files under `dir` as they were at `ref`. */
export function filesAt(ref: string, dir: string, cwd = process.cwd()): string[] {
  return git(["ls-tree", "-r", "--name-only", ref, dir], cwd).split("\n").filter(Boolean);
}

/** A file as it was at `ref`. */
export function fileAt(ref: string, file: string, cwd = process.cwd()): string {
  return git(["show", `${ref}:${file}`], cwd);
}

// db:backup and db:restore as a seller runs them: wrong arguments, a file that is not a backup and
// a PGlite directory a running server holds each end in one line and a non-zero exit, and leave
// nothing behind (decision 062). The round trip itself is in backups.test.ts.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

describe("the commands", () => {
  const cli = (script: string, args: string[], env: Record<string, string>) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ["--import", "tsx", `server/cli/${script}`, ...args], { env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "test", ...env }, stdio: ["ignore", "pipe", "pipe"] });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
      child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
      child.on("close", (code) => resolve({ code, stdout, stderr }));
    });

  it("fail with one line and a non-zero exit: no file, not a backup, a PGlite directory a running server holds", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "keyshop-backup-cli-"));
    try {
      // This test's own process stands for the running server holding DATA_DIR.
      writeFileSync(path.join(dir, "keyshop.pid"), String(process.pid));
      writeFileSync(path.join(dir, "notes.txt"), "hello");
      const env = { DATA_DIR: dir, BACKUP_DIR: path.join(dir, "backups") };
      const [usage, notBackup, running] = await Promise.all([
        cli("db-restore.ts", [], env),
        cli("db-restore.ts", [path.join(dir, "notes.txt")], env),
        cli("db-backup.ts", [], env),
      ]);
      expect(usage).toMatchObject({ code: 2, stdout: "", stderr: "Usage: npm run db:restore -- <file> [--force]: Give the backup file to restore\n" });
      expect(notBackup).toMatchObject({ code: 1, stdout: "", stderr: `${path.join(dir, "notes.txt")} is not a Keyshop backup (neither a pg_dump custom-format dump nor a PGlite .tar.gz)\n` });
      expect(running.code).toBe(1);
      expect(running.stderr).toBe(`The data directory ${path.resolve(dir)} is in use by process ${process.pid}. Stop the server first, or set BACKUP_EVERY so the running server backs itself up.\n`);
      expect(readdirSync(dir).sort()).toEqual(["keyshop.pid", "notes.txt"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { JsonFileStorage } from "./file-storage";

describe("JsonFileStorage", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "licence-storage-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("keeps values across instances and deletes them", async () => {
    const file = path.join(dir, "licence.json");
    const storage = new JsonFileStorage(file);
    expect(await storage.get("a")).toBeNull();
    await storage.set("a", "1");
    await storage.set("b", '{"x":2}');
    const reopened = new JsonFileStorage(file);
    expect(await reopened.get("a")).toBe("1");
    expect(await reopened.get("b")).toBe('{"x":2}');
    await reopened.delete("a");
    expect(await new JsonFileStorage(file).get("a")).toBeNull();
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual({ b: '{"x":2}' });
  });

  it("loses no write when several run at once, and leaves no temp files", async () => {
    const storage = new JsonFileStorage(path.join(dir, "licence.json"));
    await Promise.all(Array.from({ length: 20 }, (_, i) => storage.set(`k${i}`, String(i))));
    for (let i = 0; i < 20; i++) expect(await storage.get(`k${i}`)).toBe(String(i));
    expect(await readdir(dir)).toEqual(["licence.json"]);
  });

  it("reads a corrupt file as empty, so the client asks the server again", async () => {
    const file = path.join(dir, "licence.json");
    await writeFile(file, "{not json");
    const storage = new JsonFileStorage(file);
    expect(await storage.get("a")).toBeNull();
    await storage.set("a", "1");
    expect(await storage.get("a")).toBe("1");
  });

  it("does not treat inherited object keys as stored values", async () => {
    const storage = new JsonFileStorage(path.join(dir, "licence.json"));
    await storage.set("a", "1");
    expect(await storage.get("constructor")).toBeNull();
    expect(await storage.get("__proto__")).toBeNull();
    await storage.set("__proto__", "2");
    expect(await new JsonFileStorage(path.join(dir, "licence.json")).get("__proto__")).toBe("2");
  });
});

import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recoverFolder, replaceFolder, writeFileAtomic } from "../../../pipeline/outputs/atomic.js";
import { InputError } from "../../../core/errors.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "vouch-atomic-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("writeFileAtomic", () => {
  it("writes, creating folders, and leaves no temporary file", async () => {
    const path = join(dir, "a", "b", "out.json");
    await writeFileAtomic(path, "{}\n");
    expect(await readFile(path, "utf8")).toBe("{}\n");
    expect(await readdir(join(dir, "a", "b"))).toEqual(["out.json"]);
  });

  it("replaces an existing file whole", async () => {
    const path = join(dir, "out.json");
    await writeFile(path, "old");
    await writeFileAtomic(path, "new");
    expect(await readFile(path, "utf8")).toBe("new");
  });

  it("fails with a clear error and keeps what was there when the target cannot be written", async () => {
    const path = join(dir, "out.json");
    await writeFile(path, "old");
    // A non-empty folder in the way of the rename: the write fails after the temporary file exists.
    const blocked = join(dir, "folder");
    await writeFile(join(dir, "keep"), "x");
    await mkdir(join(blocked, "child"), { recursive: true });
    const error = await writeFileAtomic(blocked, "new").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toMatch(/folder: cannot write the output \(E\w+\)\./);
    expect(await readFile(path, "utf8")).toBe("old");
    expect((await readdir(dir)).sort()).toEqual(["folder", "keep", "out.json"]);
  });
});

describe("replaceFolder", () => {
  const files = new Map<string, string>([
    ["a.txt", "new a"],
    ["b.txt", "new b"],
  ]);
  const read = async (folder: string) =>
    Object.fromEntries(
      await Promise.all(
        (await readdir(folder)).sort().map(async (f) => [f, await readFile(join(folder, f), "utf8")]),
      ),
    );

  it("replaces the folder whole: old files go, nothing stays beside it", async () => {
    const target = join(dir, "out");
    await mkdir(target);
    await writeFile(join(target, "a.txt"), "old a");
    await writeFile(join(target, "stale.txt"), "old");
    await replaceFolder(target, files);
    expect(await read(target)).toEqual({ "a.txt": "new a", "b.txt": "new b" });
    expect(await readdir(dir)).toEqual(["out"]);
  });

  it("creates a folder that is not there", async () => {
    const target = join(dir, "x", "out");
    await replaceFolder(target, files);
    expect(await read(target)).toEqual({ "a.txt": "new a", "b.txt": "new b" });
    expect(await readdir(join(dir, "x"))).toEqual(["out"]);
  });

  it("a file name that cannot be written leaves the old folder and no temporary one", async () => {
    const target = join(dir, "out");
    await mkdir(target);
    await writeFile(join(target, "a.txt"), "old a");
    const error = await replaceFolder(target, new Map([["sub/c.txt", "x"]])).catch((e: unknown) => e);
    expect((error as NodeJS.ErrnoException).code).toBe("ENOENT");
    expect(await read(target)).toEqual({ "a.txt": "old a" });
    expect(await readdir(dir)).toEqual(["out"]);
  });
});

describe("recoverFolder", () => {
  // pid 99999999 is above any pid_max: the process that left these is gone.
  const dead = (kind: "tmp" | "old", hex = "0a0b0c0d") => join(dir, `out.${kind}-99999999-${hex}`);

  it("puts the complete .tmp in place when a kill came between the two renames", async () => {
    await mkdir(dead("tmp"));
    await writeFile(join(dead("tmp"), "a.txt"), "new");
    await mkdir(dead("old"));
    await recoverFolder(join(dir, "out"));
    expect(await readdir(dir)).toEqual(["out"]);
    expect(await readFile(join(dir, "out", "a.txt"), "utf8")).toBe("new");
  });

  it("removes an unfinished .tmp and an outdated .old beside a folder in place", async () => {
    await mkdir(join(dir, "out"));
    await mkdir(dead("tmp", "11111111"));
    await mkdir(dead("old", "22222222"));
    await recoverFolder(join(dir, "out"));
    expect(await readdir(dir)).toEqual(["out"]);
  });

  it("leaves a lone .old beside a missing folder (someone removed it by hand), and a live run's .tmp", async () => {
    await mkdir(dead("old"));
    const live = join(dir, `out.tmp-${process.pid}-0a0b0c0d`);
    await mkdir(live);
    await recoverFolder(join(dir, "out"));
    expect((await readdir(dir)).sort()).toEqual([
      `out.old-99999999-0a0b0c0d`,
      `out.tmp-${process.pid}-0a0b0c0d`,
    ]);
  });
});

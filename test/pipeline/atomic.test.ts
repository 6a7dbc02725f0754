import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeFileAtomic } from "../../pipeline/atomic.js";
import { InputError } from "../../core/errors.js";

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

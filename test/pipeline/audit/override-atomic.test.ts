// The log is written through a temporary file and a rename: when the rename fails, the old log is
// still there whole and no temporary file is left behind.
import { readFile, readdir, rm } from "node:fs/promises";
import type * as fsPromises from "node:fs/promises";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { appendOverride } from "../../../pipeline/audit/override.js";
import { type Fixture, writeFixture, FIXTURE_FILES } from "./fixture.js";

const failRename = vi.hoisted(() => ({ on: false }));
vi.mock("node:fs/promises", async (importOriginal) => {
  const fs = await importOriginal<typeof fsPromises>();
  return {
    ...fs,
    rename: (from: string, to: string) =>
      failRename.on
        ? Promise.reject(Object.assign(new Error("disk gone"), { code: "EIO" }))
        : fs.rename(from, to),
  };
});

let fx: Fixture;
beforeEach(async () => {
  fx = await writeFixture("vouch-override-atomic-");
});
afterEach(async () => {
  failRename.on = false;
  await rm(fx.dir, { recursive: true, force: true });
});

it("never leaves the log half-written when the write fails", async () => {
  const before = await readFile(fx.logPath, "utf8");
  failRename.on = true;
  await expect(appendOverride(fx.logPath, 2, "why", new Date(0))).rejects.toThrow(
    /redaction-log\.jsonl: cannot write the output \(EIO\)\./,
  );
  expect(await readFile(fx.logPath, "utf8")).toBe(before);
  expect((await readdir(fx.dir)).sort()).toEqual(FIXTURE_FILES);
});

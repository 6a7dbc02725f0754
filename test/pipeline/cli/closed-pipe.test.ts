// `vouch … --json | head -1`: the reader goes away and the next write fails with EPIPE. With the listener
// the run ends quietly (exit 0); other stream errors stay loud. The pipe here is real: a FIFO whose reader closes.
import { execFileSync } from "node:child_process";
import { closeSync, constants, createWriteStream, mkdtempSync, openSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { endQuietlyOnClosedPipe } from "../../../pipeline/cli/closed-pipe.js";

describe("endQuietlyOnClosedPipe", () => {
  it("ends with exit 0 when the reader of a real pipe has closed it", async () => {
    const fifo = join(mkdtempSync(join(tmpdir(), "vouch-pipe-")), "stdout");
    execFileSync("mkfifo", [fifo]);
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const writer = createWriteStream(fifo);
    const exited = new Promise<number>((resolve) => endQuietlyOnClosedPipe([writer], resolve));
    await new Promise((resolve) => writer.write('{"repos": []}\n', resolve));
    closeSync(reader); // `head -1` has its line and goes away
    writer.write('{"technologies": []}\n');
    expect(await exited).toBe(0);
  });

  it("rethrows any other error", () => {
    const stream = new EventEmitter();
    const exits: number[] = [];
    endQuietlyOnClosedPipe([stream], (code) => exits.push(code));
    const error = Object.assign(new Error("write ENOSPC"), { code: "ENOSPC" });
    expect(() => stream.emit("error", error)).toThrow(error);
    expect(exits).toEqual([]);
  });
});

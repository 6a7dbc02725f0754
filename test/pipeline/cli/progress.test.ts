import { describe, expect, it } from "vitest";
import { progress } from "../../../pipeline/cli/progress.js";

function streams(stdoutTTY: boolean, stderrTTY: boolean) {
  const written: string[] = [];
  const stderr = {
    isTTY: stderrTTY,
    write: (chunk: string) => {
      written.push(chunk);
      return true;
    },
  } as unknown as NodeJS.WritableStream & { isTTY?: boolean };
  return { written, io: { stdout: { isTTY: stdoutTTY }, stderr } };
}

describe("progress", () => {
  it("shows one rewritten line on a terminal and clears it when done", () => {
    const { written, io } = streams(true, true);
    const show = progress(true, io);
    show("extract…");
    show("ingest…");
    show.done();
    expect(written).toEqual(["\r\x1b[2Kextract…", "\r\x1b[2Kingest…", "\r\x1b[2K"]);
  });

  it.each([
    ["stdout piped", false, true, true],
    ["stderr redirected", true, false, true],
    ["--json", true, true, false],
  ])("is quiet when %s", (_name, stdoutTTY, stderrTTY, wanted) => {
    const { written, io } = streams(stdoutTTY, stderrTTY);
    const show = progress(wanted, io);
    show("extract…");
    show.done();
    expect(written).toEqual([]);
  });
});

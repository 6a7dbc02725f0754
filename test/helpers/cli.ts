import { vi } from "vitest";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { main } from "../../server/cli.js";
import { readDocx } from "./docx.js";

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run the CLI in-process, as `vouch <args>`, capturing what it writes. */
export async function runCli(args: string[], env: Record<string, string | undefined> = {}): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const out = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  });
  const err = vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  });
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  try {
    const code = await main(args);
    if (code === 0 && args[0] === "generate") checkWrittenDocx(args);
    return { code, stdout, stderr };
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    out.mockRestore();
    err.mockRestore();
  }
}

/** `vouch generate` on the sample candidate and job into `out`, with `extra` flags (a writer, a key). */
export function generateSample(out: string, ...extra: string[]): Promise<CliRun> {
  const inputs = ["--profile", "samples/profile.yaml", "--job", "samples/jobs/platform-engineer.md"];
  return runCli(["generate", ...inputs, ...extra, "--out", out]);
}

/** A generate that succeeded wrote DOCX files Word opens: every one is read, which checks its XML. */
function checkWrittenDocx(args: readonly string[]): void {
  const at = args.indexOf("--out");
  const out = at >= 0 ? args[at + 1] : undefined;
  if (!out) return;
  for (const file of ["resume.docx", "resume.review.docx"])
    if (existsSync(join(out, file))) readDocx(join(out, file));
}

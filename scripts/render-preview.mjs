// `node scripts/render-preview.mjs <file.docx> <out.png>`: a picture of a DOCX's first page, for the README.
// LibreOffice (headless) turns the DOCX into a PDF, poppler's pdftoppm turns page 1 into a PNG at 80 dpi.
// Debian/Ubuntu: apt-get install --no-install-recommends libreoffice-writer-nogui poppler-utils
// (fonts-crosextra-carlito and fonts-liberation2 give Calibri's and Arial's metrics). SOFFICE names another
// LibreOffice binary.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, extname, join, resolve } from "node:path";

function fail(message) {
  console.error(`render-preview: ${message}`);
  process.exit(2);
}

function run(command, args) {
  const result = spawnSync(command, args, { encoding: "utf8" });
  if (result.error?.code === "ENOENT") {
    fail(
      `${command} is not installed. Install LibreOffice and poppler, e.g. ` +
        "`apt-get install --no-install-recommends libreoffice-writer-nogui poppler-utils`.",
    );
  }
  if (result.status !== 0) fail(`${command} failed: ${(result.stderr || result.stdout).trim()}`);
  return result;
}

const [input, output] = process.argv.slice(2);
if (!input || !output) fail("usage: node scripts/render-preview.mjs <file.docx> <out.png>");
if (!existsSync(input)) fail(`${input}: no such file`);

const work = mkdtempSync(join(tmpdir(), "vouch-preview-"));
try {
  // A private profile directory: a LibreOffice already open on the desktop would otherwise take the job.
  const profile = `-env:UserInstallation=file://${join(work, "profile")}`;
  run(process.env.SOFFICE ?? "soffice", [
    profile,
    "--headless",
    "--convert-to",
    "pdf",
    "--outdir",
    work,
    resolve(input),
  ]);
  const pdf = join(work, `${basename(input, extname(input))}.pdf`);
  if (!existsSync(pdf)) fail(`soffice wrote no PDF for ${input}`);
  // pdftoppm -singlefile writes <prefix>.png without a page-number suffix.
  const prefix = join(work, "page");
  run("pdftoppm", ["-png", "-r", "80", "-f", "1", "-l", "1", "-singlefile", pdf, prefix]);
  copyFileSync(`${prefix}.png`, resolve(output));
  console.log(`${output}: first page of ${input}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

// `vouch init [--from resume.json] [--out profile.yaml]`: a starter profile whose first line names the
// profile's JSON Schema, so editors complete and check it; from a JSON Resume file when one is given. It
// never overwrites a file, and writes all or nothing.
import { existsSync, readFileSync } from "node:fs";
import { dirname, relative, resolve, sep } from "node:path";
import { Document } from "yaml";
import { checkDocument } from "../../core/document.js";
import { EXIT, InputError } from "../../core/errors.js";
import { assetPath } from "../../core/paths.js";
import { assertRegularFile } from "../../core/regular-file.js";
import { writeFileAtomic } from "../outputs/atomic.js";
import { PROFILE_SCHEMA_FILE } from "../inputs/profile-json-schema.js";
import { profileSchema } from "../inputs/profile-schema.js";

export interface InitFlags {
  from?: string;
  out?: string;
}

const PORTFOLIO = `
# What grounds every claim: folders of your git repositories (relative to this file) or github:owner/name,
# and folders or files of Markdown about your work. vouch reads what you authored, from history.
portfolio:
  repos: []
  docs: []
`;

/** The schema line, with the schema's path relative to the profile (yaml-language-server reads it so). */
export function schemaLine(profilePath: string): string {
  const schema = relative(dirname(resolve(profilePath)), assetPath(...PROFILE_SCHEMA_FILE.split("/")));
  return `# yaml-language-server: $schema=${schema.split(sep).join("/")}\n`;
}

/** The starter's text: the schema line, the resume (given or the template), and the portfolio key. */
export function starterProfile(out: string, from?: string): string {
  if (!from)
    return schemaLine(out) + readFileSync(assetPath("templates", "init", "profile.yaml"), "utf8") + PORTFOLIO;
  assertRegularFile(from, "resume", 4 * 1024 * 1024);
  const text = readFileSync(from, "utf8");
  // Checked as the profile will be, so a bad date is named now, by its line, not at the first generate.
  checkDocument(text, from, profileSchema, { syntax: "json" });
  const { $schema: _schema, portfolio, ...resume } = JSON.parse(text) as Record<string, unknown>;
  const body = new Document(resume).toString({ lineWidth: 0 });
  const kept =
    portfolio === undefined ? PORTFOLIO : `\n${new Document({ portfolio }).toString({ lineWidth: 0 })}`;
  return `${schemaLine(out)}# From ${from}: a JSON Resume document plus vouch's portfolio key.\n${body}${kept}`;
}

export async function runInit(flags: InitFlags): Promise<number> {
  const out = flags.out ?? "profile.yaml";
  if (existsSync(out))
    throw new InputError(
      `${out} already exists: vouch init never overwrites a file; give --out another name.`,
    );
  await writeFileAtomic(out, starterProfile(out, flags.from));
  process.stdout.write(
    [
      `wrote ${out}: add your repositories and documents under portfolio, then`,
      `  vouch generate --profile ${out} --job JOB.md --out out/`,
      "",
    ].join("\n"),
  );
  return EXIT.ok;
}

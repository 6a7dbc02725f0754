// The candidate's profile: a JSON Resume document in YAML or JSON, plus vouch's `portfolio` key (repos and
// docs, relative to the profile file). Errors name the file, line and field.
import { readFile } from "node:fs/promises";
import { dirname, isAbsolute, resolve } from "node:path";
import type { JsonResume } from "../core/resume.js";
import { InputError } from "../core/errors.js";
import { fieldPath } from "../core/json-file.js";
import { lineAt, syntaxLine } from "../core/yaml-lines.js";

export interface Portfolio {
  /** Local paths resolved against the profile's folder; `github:` sources as written. */
  repos: string[];
  docs: string[];
}

export interface LoadedProfile {
  path: string;
  dir: string;
  /** The JSON Resume document without `portfolio`: what the candidate states. */
  profile: JsonResume;
  portfolio: Portfolio;
}

export async function readProfile(path: string): Promise<LoadedProfile> {
  const text = await readFile(path, "utf8").catch(() => {
    throw new InputError(`${path}: no such profile file.`);
  });
  const [{ LineCounter, parseDocument }, { profileSchema }] = await Promise.all([
    import("yaml"),
    import("./profile-schema.js"),
  ]);
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  if (doc.errors.length > 0) {
    const error = doc.errors[0]!;
    throw new InputError(`${path}: line ${syntaxLine(error, lines)}: ${error.message.split("\n")[0]}.`);
  }
  const data: unknown = doc.toJS();
  if (!data || typeof data !== "object" || Array.isArray(data)) {
    throw new InputError(
      `${path}: expected a JSON Resume document (a mapping with basics, work, skills, …).`,
    );
  }
  const parsed = profileSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const at = lineAt(doc, lines, issue.path);
    const line = at ? `line ${at}: ` : "";
    throw new InputError(`${path}: ${line}field "${fieldPath(issue.path)}": ${issue.message}.`);
  }
  const { portfolio, ...profile } = parsed.data;
  const dir = dirname(resolve(path));
  const local = (p: string) => (/^github(-user)?:/.test(p) || isAbsolute(p) ? p : resolve(dir, p));
  return {
    path,
    dir,
    profile: profile as JsonResume,
    portfolio: { repos: (portfolio?.repos ?? []).map(local), docs: (portfolio?.docs ?? []).map(local) },
  };
}

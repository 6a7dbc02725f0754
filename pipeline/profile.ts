// The candidate's profile: a JSON Resume document in YAML or JSON, plus vouch's `portfolio` key (repos and
// docs, relative to the profile file). Errors name the file, line and field.
import { dirname, isAbsolute, resolve } from "node:path";
import type { JsonResume } from "../core/resume.js";
import { checkDocument } from "../core/document.js";
import { MAX_PROFILE_BYTES, readInputFile } from "./input-file.js";

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

export interface ReadProfileOptions {
  /** Today as YYYY-MM-DD, for "a start is not in the future"; default the clock's (UTC). */
  today?: string;
}

export async function readProfile(path: string, options: ReadProfileOptions = {}): Promise<LoadedProfile> {
  const { profileSchemaAsOf } = await import("./profile-schema.js");
  // Text only, at most 5 MB (input-file.ts), before any parsing.
  const text = await readInputFile(path, {
    noun: "profile",
    maxBytes: MAX_PROFILE_BYTES,
    missing: "no such profile file.",
  });
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  // YAML whatever the extension: it reads JSON too, so a plain resume.json works as is.
  const { portfolio, ...profile } = checkDocument(text, path, profileSchemaAsOf(today), {
    syntax: "yaml",
    mapping: "a JSON Resume document (a mapping with basics, work, skills, …)",
  });
  const dir = dirname(resolve(path));
  const local = (p: string) => (/^github(-user)?:/.test(p) || isAbsolute(p) ? p : resolve(dir, p));
  return {
    path,
    dir,
    profile: profile as JsonResume,
    portfolio: { repos: (portfolio?.repos ?? []).map(local), docs: (portfolio?.docs ?? []).map(local) },
  };
}

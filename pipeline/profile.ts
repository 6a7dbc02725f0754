// The candidate's profile: a JSON Resume document in YAML or JSON, plus vouch's `portfolio` key (repos and
// docs, relative to the profile file). Errors name the file, line and field.
import { dirname, isAbsolute, resolve } from "node:path";
import type { JsonResume } from "../core/resume.js";
import { readDocument } from "../core/document.js";

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
  const { profileSchema } = await import("./profile-schema.js");
  // YAML whatever the extension: it reads JSON too, so a plain resume.json works as is.
  const { portfolio, ...profile } = await readDocument(path, profileSchema, {
    syntax: "yaml",
    noun: "profile file",
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

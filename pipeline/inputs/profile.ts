// The candidate's profile: a JSON Resume document in YAML or JSON, plus vouch's `portfolio` key (repos and
// docs, relative to the profile file). Errors name the file, line and field.
import { basename, dirname, isAbsolute, resolve } from "node:path";
import { type JsonResume, putField } from "../../core/resume.js";
import { unwritableStrings } from "../../guards/index.js";
import { checkDocument } from "../../core/document.js";
import { MAX_PROFILE_BYTES, readInputFile } from "./input-file.js";
import { readLegacyKeys } from "./profile-legacy.js";
import { readWordedDate } from "./worded-date.js";
import { type ChatPrivateField, DEFAULT_CHAT_PRIVATE } from "./chat-private.js";
import { isGithubSource } from "../../extractors/sources/index.js";
import { parseAuthorId } from "../../extractors/authorship/identity.js";

export interface Portfolio {
  /** Local paths resolved against the profile's folder; `github:` sources as written. */
  repos: string[];
  docs: string[];
  /**
   * The candidate as commits name them: `basics.email`, `github:<username>` of a GitHub entry of
   * `basics.profiles`, and `portfolio.authors`, in that order, without repeats.
   */
  authors: string[];
  /** `portfolio.authorship`: `required` counts evidence without history as others'. */
  authorship: "verify" | "required";
  /** `portfolio.chat.private`: the parts of basics the chatbot never tells (default phone, email, location). */
  chatPrivate: readonly ChatPrivateField[];
}

export interface LoadedProfile {
  path: string;
  dir: string;
  /** The JSON Resume document without `portfolio`: what the candidate states. */
  profile: JsonResume;
  portfolio: Portfolio;
  /** What a person should read about how the profile was read (JSON Resume 0.x keys, keys not shown). */
  notes: string[];
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
  const legacy = readLegacyKeys(profile as JsonResume, basename(path));
  const worded = wordedDates(text);
  if (worded.length > 0)
    legacy.notes.push(
      `${basename(path)}: dates written in words read as JSON Resume's: ${worded.map((d) => `"${d}" as ${readWordedDate(d)}`).join(", ")}.`,
    );
  // The profile's own text reaches the DOCX as written: a character XML cannot hold (a vertical tab pasted
  // from Word) would make the file unreadable.
  for (const { field, characters, writable } of unwritableStrings(legacy.profile)) {
    putField(legacy.profile, field, writable);
    legacy.notes.push(
      `${basename(path)}: ${field} holds ${characters}, which a DOCX cannot hold: read without it.`,
    );
  }
  const dir = dirname(resolve(path));
  const local = (p: string) => (isGithubSource(p) || isAbsolute(p) ? p : resolve(dir, p));
  return {
    path,
    dir,
    profile: legacy.profile,
    portfolio: {
      repos: (portfolio?.repos ?? []).map(local),
      docs: (portfolio?.docs ?? []).map(local),
      authors: candidateIds(legacy.profile, portfolio?.authors ?? []),
      authorship: portfolio?.authorship ?? "verify",
      chatPrivate: portfolio?.chat?.private ?? DEFAULT_CHAT_PRIVATE,
    },
    notes: legacy.notes,
  };
}

/** The dates of the profile's text written with a month word ("startDate": "March 2020"), once each. */
function wordedDates(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(
    /\b(?:start|end|release)?[Dd]ate["']?\s*:\s*["']?([A-Za-z]{3,9}\.?\s+\d{4})\b/g,
  )) {
    if (readWordedDate(m[1]!) !== m[1]) found.add(m[1]!);
  }
  return [...found];
}

/** The identities a profile gives: its email, its GitHub login, then `portfolio.authors`. */
export function candidateIds(profile: JsonResume, authors: readonly string[]): string[] {
  const ids: string[] = [];
  const basics = profile.basics as { email?: string; profiles?: GithubEntry[] } | undefined;
  const email = basics?.email?.trim();
  if (email && parseAuthorId(email)?.email) ids.push(email);
  for (const entry of basics?.profiles ?? []) {
    const login = githubLogin(entry);
    if (login) ids.push(`github:${login}`);
  }
  ids.push(...authors.map((a) => a.trim()));
  const seen = new Set<string>();
  return ids.filter((id) => !seen.has(id.toLowerCase()) && seen.add(id.toLowerCase()));
}

/** The login of a `basics.profiles` entry on GitHub: its username, else the first segment of its URL. */
interface GithubEntry {
  network?: string;
  username?: string;
  url?: string;
}

function githubLogin(entry: GithubEntry): string | undefined {
  const url = /^https?:\/\/(?:www\.)?github\.com\/([^/?#]+)\/?$/i.exec(entry.url?.trim() ?? "");
  const onGithub = /^github$/i.test(entry.network?.trim() ?? "") || url !== null;
  if (!onGithub) return undefined;
  const login = entry.username?.trim().replace(/^@/, "") || url?.[1];
  return login && parseAuthorId(`github:${login}`) ? login : undefined;
}

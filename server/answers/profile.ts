// What the composers read of the profile: the skill group that lists each technology and the work
// highlights with the technologies they name. Pure.
import type { Catalog } from "../../extractors/catalog.js";
import type { JsonResume } from "../../core/resume.js";
import { canStateSkill, profileStrings } from "../../guards/index.js";

/** Every technology any string of the profile names (its name and contact details aside). */
const namedByProfile = new WeakMap<JsonResume, Set<string>>();
export function profileTechnologies(profile: JsonResume, catalog: Catalog): ReadonlySet<string> {
  let ids = namedByProfile.get(profile);
  if (!ids) {
    ids = new Set(
      profileStrings(profile)
        .filter((s) => canStateSkill(s.field))
        .flatMap((s) => catalog.findMentionsAnyCase(s.text).map((m) => m.id)),
    );
    namedByProfile.set(profile, ids);
  }
  return ids;
}

/** Each technology the skills name, with the name of the first group that lists it ("Data"). */
export function skillGroups(profile: JsonResume, catalog: Catalog): Map<string, string> {
  const groups = new Map<string, string>();
  for (const skill of profile.skills ?? []) {
    const group = skill.name?.trim() || "Skills";
    for (const keyword of skill.keywords ?? []) {
      for (const m of catalog.findMentions(keyword)) if (!groups.has(m.id)) groups.set(m.id, group);
    }
  }
  return groups;
}

export interface Highlight {
  /** Index of the work entry. */
  work: number;
  text: string;
  technologies: ReadonlySet<string>;
}

const highlights = new WeakMap<JsonResume, Highlight[]>();

/** Every work highlight, in the profile's order (worked out once per profile). */
export function highlightsOf(profile: JsonResume, catalog: Catalog): Highlight[] {
  let out = highlights.get(profile);
  if (!out) highlights.set(profile, (out = readHighlights(profile, catalog)));
  return out;
}

function readHighlights(profile: JsonResume, catalog: Catalog): Highlight[] {
  return (profile.work ?? []).flatMap((w, work) =>
    (w.highlights ?? [])
      .filter((text) => text.trim() !== "")
      .map((text) => ({
        work,
        text,
        technologies: new Set(catalog.findMentionsAnyCase(text).map((m) => m.id)),
      })),
  );
}

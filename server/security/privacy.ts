// What the chatbot may tell: the profile without the parts of basics the candidate keeps private
// (`portfolio.chat.private`; phone, email and location unless opened). The server is built from this view
// alone, so no answerer, source line, fact or KB chunk can hold what it leaves out.
import type { ChatPrivateField } from "../../pipeline/index.js";
import type { JsonResume } from "../../core/resume.js";

export function chatProfile(profile: JsonResume, privateFields: readonly ChatPrivateField[]): JsonResume {
  if (!profile.basics || privateFields.length === 0) return profile;
  const basics: Record<string, unknown> = { ...profile.basics };
  for (const field of privateFields) delete basics[field];
  return { ...profile, basics };
}

/** The sentence the contact answer adds for what it keeps back: "Phone and email are private here." */
export function privateNote(
  privateFields: readonly ChatPrivateField[],
  profile: JsonResume,
): string | undefined {
  const held = privateFields.filter((f) => {
    const value = (profile.basics as Record<string, unknown> | undefined)?.[f];
    return value !== undefined && value !== "" && !(Array.isArray(value) && value.length === 0);
  });
  if (held.length === 0) return undefined;
  const names = held.map((f) => (f === "profiles" ? "profile links" : f === "url" ? "website" : f));
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return `${list.charAt(0).toUpperCase()}${list.slice(1)} ${held.length === 1 ? "is" : "are"} private in this chat.`;
}

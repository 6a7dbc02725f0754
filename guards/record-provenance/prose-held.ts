// Whether the profile holds a leadership, rank or employer claim a string makes (claims-in-prose.ts). A
// job's leadership is that job's: "led the team" in a Fernhill bullet needs Fernhill's position or text to
// say so (a summary may draw on the whole profile). A win needs a win the profile states, or an award of
// the profile's about the same thing that is not a finalist's or a nominee's.
import type { JsonResume } from "../../core/resume.js";
import { profileStrings } from "../backing/index.js";
import type { TextTarget } from "../types.js";
import {
  LEAD_POSITION,
  type ProseClaim,
  isNotAWin,
  ledWork,
  statesLedWork,
  statesLeadership,
  statesTopRank,
  statesWin,
} from "./claims-in-prose.js";
import { isHeld } from "./held.js";
import { asEntry, asList } from "./normalise.js";
import { phraseWords } from "./titles.js";

export function isProseClaimHeld(
  claim: ProseClaim,
  target: TextTarget,
  profile: JsonResume | undefined,
): boolean {
  if (!profile) return false;
  switch (claim.kind) {
    case "employer": {
      const words = phraseWords(claim.text);
      return isHeld(
        { kind: "employer", text: claim.text, start: claim.start, end: claim.end, words },
        profile,
      );
    }
    case "leadership":
      return claim.role ? roleHeld(claim.role, target, profile) : leadershipHeld(target, profile);
    case "led-work": {
      // "Led the migration" is held by the job's own "Led the migration", or by a job whose holder leads.
      const words = ledWork(claim.text);
      return (
        leadershipHeld(target, profile) || scoped(target, profile).some((s) => statesLedWork(s.text, words))
      );
    }
    case "top-rank":
      return profileStrings(profile).some((s) => statesTopRank(s.text));
    case "win":
      return winHeld(target.text, profile);
  }
}

/** The profile strings of the target's job, or all of them for a string of no job. */
function scoped(target: TextTarget, profile: JsonResume) {
  const scope = target.entry;
  return profileStrings(profile).filter((s) => !scope || s.field.startsWith(`${scope}.`));
}

function leadershipHeld(target: TextTarget, profile: JsonResume): boolean {
  const scope = target.entry;
  const strings = scoped(target, profile);
  if (strings.some((s) => statesLeadership(s.text))) return true;
  const positions = scope
    ? strings.filter((s) => s.field === `${scope}.position`)
    : profileStrings(profile).filter((s) => /\.position$|^basics\.label$/.test(s.field));
  return positions.some((s) => LEAD_POSITION.test(s.text));
}

/** A named role: a position, the label or a text of the scope holds one of its holders' words. */
function roleHeld(holders: RegExp, target: TextTarget, profile: JsonResume): boolean {
  const scope = target.entry;
  return profileStrings(profile)
    .filter((s) => !scope || s.field.startsWith(`${scope}.`) || s.field === "basics.label")
    .some(
      (s) =>
        holders.test(s.text) && (/\.position$|^basics\.label$/.test(s.field) || statesLeadership(s.text)),
    );
}

const WORDS = (text: string) =>
  new Set((text.toLowerCase().match(/\p{L}{4,}/gu) ?? []).filter((w) => w !== "award"));

function winHeld(text: string, profile: JsonResume): boolean {
  if (profileStrings(profile).some((s) => statesWin(s.text))) return true;
  const claimed = WORDS(text);
  return asList(profile.awards)
    .map(asEntry)
    .some((award) => {
      const said = [award.title, award.awarder, award.summary].filter((v) => typeof v === "string").join(" ");
      return !isNotAWin(said) && [...WORDS(said)].some((w) => claimed.has(w));
    });
}

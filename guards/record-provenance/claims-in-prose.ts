// Claims about standing that prose makes without a title: leading people ("Led the frontend team",
// "managed a team of 5", "as head of engineering"), winning ("first place overall", "winner of"), and a
// client presented as the employer ("on Monster.com's search team"). Each is held only where the
// profile says as much (leadership.ts has the rules for who says what of which job).
import type { JsonResume } from "../../core/resume.js";
import { profileStrings } from "../backing/index.js";
import { phraseWords } from "./titles.js";

export interface ProseClaim {
  kind: "leadership" | "led-work" | "top-rank" | "win" | "employer";
  text: string;
  start: number;
  end: number;
  /** A leading role claimed by name ("as head of engineering"): the words a holder of it would hold. */
  role?: RegExp;
}

/** Who holds a named leading role: a head of something is a head, a director, a VP or a chief. */
const ROLE_HOLDERS: [RegExp, RegExp][] = [
  [
    /head of|managing director/i,
    /\b(?:head|director|vp|vice president|chief|cto|ceo|cio|founder|co-?founder|president)\b/i,
  ],
  [/manager/i, /\b(?:manager|head|director|vp|vice president|chief|cto)\b/i],
  [/lead/i, /\b(?:lead|leader|head|manager|director|principal|staff|chief|cto)\b/i],
];

const LEAD_VERB =
  "(?:led|leads|leading|managed|manages|managing|ran|runs|running|headed|heads|heading|directed|directs|directing|supervised|supervises|supervising|oversaw|oversees|overseeing)";
const PEOPLE =
  "(?:team|teams|squad|squads|department|departments|org|orgs|organi[sz]ations?|divisions?|engineers|developers|designers|people|staff|direct reports|reports|group|groups)";
const LEADS = new RegExp(
  `\\b${LEAD_VERB}\\s+(?:(?:a|an|the|our|their|my|its)\\s+)?(?:[\\p{L}\\p{N}'’.&-]+\\s+){0,4}?${PEOPLE}\\b`,
  "giu",
);
// A leading role given to the text's subject ("As head of engineering", "served as team lead"); "partnered
// with the Head of Product" names someone else.
const LEAD_ROLES =
  /\b(?:[Aa]s|was|became|becoming|promoted to|[Aa]cting)\s+(?:the\s+|an?\s+)?(?:(?:interim|acting|de facto|deputy|temporary)\s+)?(?:head of|tech(?:nical)? lead|team lead|lead (?:engineer|developer|designer|architect)|engineering manager|manager of|managing director)\b/giu;
// A group that is a thing, not people: "ran the consumer group rebalance", "managed security groups".
const THING_GROUPS =
  /\b(?:consumer|security|resource|node|target|auto[- ]?scaling|log|user|worker|thread|replica|placement|parameter|subnet|availability|focus|control|test|age)\s+groups?\b/i;
/** Positions whose holder leads people (or the work): a lead, a head, a manager, a director, a founder. */
export const LEAD_POSITION =
  /\b(?:lead|leader|head|manager|director|principal|chief|vp|vice president|cto|ceo|cio|founder|co-?founder|owner|president|supervisor)\b/i;

const TOP =
  /\b(?:(?:first|1st) (?:place|prize)|grand prize|top prize|overall winner|best overall|gold medal|number one|ranked (?:first|#?1)\b|champions?(?:hip)?)\b/giu;
/** A rank as a share: "top 1 %", "top 5 percent". */
const TOP_SHARE = /\btop\s+(?:\d+(?:\.\d+)?\s*(?:%|percent\b)|(?:one|two|three|five|ten)\s+percent\b)/giu;
const WIN = /\b(?:won|wins|winner|winners|winning|awarded)\b/giu;
const NOT_A_WIN =
  /\b(?:finalist|semi-?finalist|runner[- ]up|honou?rable mention|shortlisted|nominee|nominated|participant)\b/i;

const TEAMS = "(?:team|teams|squad|group|org|organi[sz]ation|division|department)";
const NAME = "((?:\\p{Lu}[\\p{L}\\p{N}&.-]*\\s+){0,3}\\p{Lu}[\\p{L}\\p{N}&.-]*?)";
// "on Monster.com's search team": a possessive name before a team is the organisation whose team it is.
const POSSESSIVE_TEAM = new RegExp(
  `\\b(?:[Oo]n|[Ii]n|[Jj]oin(?:ed|ing)?|part of)\\s+(?:the\\s+)?${NAME}(?:['’]s|(?<=s)['’])\\s+(?:[\\p{L}-]+\\s+){0,3}${TEAMS}\\b`,
  "gu",
);
// "as Monster.com's backend engineer": a role of the organisation's, which is then the employer.
const ROLES =
  "(?:engineer|developer|designer|programmer|lead|manager|architect|consultant|analyst|scientist|administrator|specialist)";
const POSSESSIVE_ROLE = new RegExp(
  `\\b[Aa]s\\s+(?:an?\\s+|the\\s+)?${NAME}(?:['’]s|(?<=s)['’])\\s+(?:[\\p{L}-]+\\s+){0,3}${ROLES}s?\\b`,
  "gu",
);
// "on the Monster.com homepage search team": a compound; an organisation only when the profile names it
// elsewhere but never as a team of its own (then it is a client or a product there), or it is a domain.
const COMPOUND_TEAM = new RegExp(
  `\\b(?:[Oo]n|[Ii]n|[Jj]oin(?:ed|ing)?)\\s+the\\s+${NAME}\\s+(?:\\p{Ll}[\\p{L}-]*\\s+){0,3}${TEAMS}\\b`,
  "gu",
);

/** Leading a piece of work ("Led the rollout of", "Spearheaded the migration"): a claim of standing too. */
const NOT_WORK = "(?!(?:of|for|to|in|on|at|with|and|across|from|by|through|into)\\b)";
const LEADS_WORK = new RegExp(
  `\\b(?:[Ll]ed|[Ll]eading|[Ss]pearheaded|[Ss]pearheading|[Hh]eaded)\\s+(?:the|a|an|our|its)\\s+(?:${NOT_WORK}[\\p{L}-]+\\s+){0,2}${NOT_WORK}[\\p{L}-]+`,
  "gu",
);
/** What a profile string says of leading work in its own words: "Led", "Ran", "Drove", "Owned". */
const OWN_LEAD_WORDS =
  /\b(?:led|lead|leading|ran|running|spearheaded|spearheading|headed|heading|drove|driving|owned|owning|coordinated)\b/i;

/** The words of a leading-work claim that say what was led ("rollout", "break-up"), lower-cased. */
export function ledWork(claim: string): string[] {
  const object = claim.toLowerCase().replace(/^\S+\s+/u, "");
  return object.match(/\p{L}[\p{L}-]{3,}/gu) ?? [];
}

/** Whether a profile string says the candidate led work named by `words` (sharing one of them). */
export function statesLedWork(text: string, words: readonly string[]): boolean {
  if (!OWN_LEAD_WORDS.test(text)) return false;
  const lower = text.toLowerCase();
  return words.some((w) => lower.includes(w));
}

function matches(pattern: RegExp, text: string): RegExpExecArray[] {
  pattern.lastIndex = 0;
  return [...text.matchAll(pattern)];
}

/** The leadership, rank and employer claims of a string, in text order (one per place). */
export function proseClaims(text: string, profile: JsonResume | undefined): ProseClaim[] {
  const found: ProseClaim[] = [];
  const add = (kind: ProseClaim["kind"], start: number, end: number, role?: RegExp) => {
    if (found.some((c) => c.start < end && start < c.end)) return;
    found.push({ kind, text: text.slice(start, end), start, end, ...(role ? { role } : {}) });
  };
  // A named role first: "As head of engineering" is that role, not any leading of people.
  for (const m of matches(LEAD_ROLES, text)) {
    const holders = ROLE_HOLDERS.find(([named]) => named.test(m[0]))?.[1];
    add("leadership", m.index, m.index + m[0].length, holders);
  }
  for (const m of matches(LEADS, text))
    if (!THING_GROUPS.test(m[0])) add("leadership", m.index, m.index + m[0].length);
  for (const m of matches(LEADS_WORK, text)) add("led-work", m.index, m.index + m[0].length);
  for (const m of [...matches(TOP, text), ...matches(TOP_SHARE, text)])
    add("top-rank", m.index, m.index + m[0].length);
  for (const m of matches(WIN, text)) add("win", m.index, m.index + m[0].length);
  for (const m of matches(POSSESSIVE_TEAM, text)) {
    const start = m.index + m[0].indexOf(m[1]!);
    add("employer", start, start + m[1]!.length);
  }
  for (const m of matches(POSSESSIVE_ROLE, text)) {
    const start = m.index + m[0].indexOf(m[1]!);
    add("employer", start, start + m[1]!.length);
  }
  for (const m of matches(COMPOUND_TEAM, text)) {
    const name = m[1]!;
    if (!namedButNotAsTeam(name, profile) && !/\.\p{L}{2,}$/u.test(name)) continue;
    const start = m.index + m[0].indexOf(name);
    add("employer", start, start + name.length);
  }
  return found.sort((a, b) => a.start - b.start);
}

/** Whether the profile names `name` somewhere but never writes it before a team noun of its own. */
function namedButNotAsTeam(name: string, profile: JsonResume | undefined): boolean {
  const words = phraseWords(name).join(" ");
  const teamAfter = new RegExp(`^\\s+(?:\\p{L}[\\p{L}-]*\\s+){0,3}${TEAMS}\\b`, "u");
  let named = false;
  for (const s of profileStrings(profile)) {
    const at = phraseIndex(s.text, words);
    if (at === undefined) continue;
    named = true;
    if (teamAfter.test(s.text.slice(at))) return false;
  }
  return named;
}

/** Where the words of a phrase end in `text`, compared as the record compares them; undefined if absent. */
function phraseIndex(text: string, words: string): number | undefined {
  const parts = words.split(" ");
  const tokens = [...text.matchAll(/[\p{L}\p{N}]+(?:[-'’.&][\p{L}\p{N}]+)*/gu)];
  for (let i = 0; i + parts.length <= tokens.length; i++) {
    if (parts.every((p, j) => phraseWords(tokens[i + j]![0]).join("") === p)) {
      const last = tokens[i + parts.length - 1]!;
      return last.index + last[0].length;
    }
  }
  return undefined;
}

/**
 * A leading role the candidate gives themselves in a noun ("SRE team lead (3 engineers)", "Tech lead for
 * checkout"); "reported to the team lead" is someone else's.
 */
const OWN_LEAD_ROLE =
  /(?<!\b(?:the|a|an|our|their|his|her|with|to|and)\s+(?:\p{L}+\s+)?)\b(?:team|tech(?:nical)?|engineering|squad|chapter)\s+lead(?:er)?\b/iu;

/** What a string of the profile says about leading and winning (its own claims held nothing back). */

export function statesLeadership(text: string): boolean {
  return (
    matches(LEADS, text).some((m) => !THING_GROUPS.test(m[0])) ||
    matches(LEAD_ROLES, text).length > 0 ||
    OWN_LEAD_ROLE.test(text)
  );
}

export function statesTopRank(text: string): boolean {
  return matches(TOP, text).length > 0 || matches(TOP_SHARE, text).length > 0;
}

export function statesWin(text: string): boolean {
  return matches(WIN, text).length > 0 || statesTopRank(text);
}

export function isNotAWin(text: string): boolean {
  return NOT_A_WIN.test(text);
}

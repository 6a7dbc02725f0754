// A technology belongs to the job it was used in. When the profile ties it to some of its work entries, a
// string of another entry may name it only if that entry says it too (or says one that implies it: Amazon
// EKS is Kubernetes), or the candidate's own commits on it fall within that job's dates. Stated only in the
// skills or the summary, it is tied to no job, and any entry may name it.
import { candidateEvidence } from "../../core/truth.js";
import type { GuardContext } from "../types.js";
import { indexOf, profileStrings } from "./lookups.js";

export interface OtherEntries {
  /** The work entries that state it (`work[1]`), with their employer. */
  entries: { field: string; employer?: string }[];
}

const WORK_FIELD = /^work\[\d+\]/;

/** The entries stating technology `id` when `entry` (a profile field, `work[0]`) is not one of them. */
export function statedForOtherEntries(
  id: string,
  entry: string,
  context: GuardContext,
): OtherEntries | undefined {
  const stating = (indexOf(context).profile.get(id) ?? []).filter((s) => WORK_FIELD.test(s.field));
  if (stating.length === 0) return undefined;
  if (stating.some((s) => s.field.startsWith(`${entry}.`))) return undefined;
  if (impliedByEntry(id, entry, context)) return undefined;
  if (committedDuring(id, entry, context)) return undefined;
  const fields = [...new Set(stating.map((s) => WORK_FIELD.exec(s.field)![0]))];
  return { entries: fields.map((field) => ({ field, ...employerOf(field, context) })) };
}

/** Whether a technology the entry's own strings name implies `id` (the catalog's `implies`). */
function impliedByEntry(id: string, entry: string, context: GuardContext): boolean {
  const { catalog } = context;
  return profileStrings(context.profile)
    .filter((s) => s.field.startsWith(`${entry}.`))
    .some((s) =>
      catalog.findMentionsAnyCase(s.text).some((m) => catalog.get(m.id)?.implies?.includes(id) === true),
    );
}

/** Whether the candidate's commits on the technology's production code overlap the entry's dates. */
function committedDuring(id: string, entry: string, context: GuardContext): boolean {
  const tech = context.truth?.technologies.find((t) => t.id === id);
  if (!tech?.authored || tech.status !== "production" || candidateEvidence(tech).length === 0) return false;
  const job = jobOf(entry, context);
  const start = monthOf(job?.startDate, "start");
  const end = monthOf(job?.endDate ?? context.asOf, "end");
  if (!start || !end) return false;
  return tech.authored.first.slice(0, 7) <= end && tech.authored.last.slice(0, 7) >= start;
}

function jobOf(entry: string, context: GuardContext) {
  const index = Number(/\d+/.exec(entry)?.[0]);
  return context.profile?.work?.[index];
}

function employerOf(field: string, context: GuardContext): { employer?: string } {
  const name = jobOf(field, context)?.name;
  return typeof name === "string" && name.trim() ? { employer: name.trim() } : {};
}

/** `2021`, `2021-04`, `2021-04-15` as `YYYY-MM`, a bare year read as its first or last month. */
function monthOf(date: string | undefined, side: "start" | "end"): string | undefined {
  const m = /^(\d{4})(?:-(\d{2}))?/.exec(date ?? "");
  if (!m) return undefined;
  return `${m[1]}-${m[2] ?? (side === "start" ? "01" : "12")}`;
}

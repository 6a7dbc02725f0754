// Answers about the candidate's record: a job (position, dates, what the entry says and the highlights that
// fit the question), years (overall from the profile's dates, per technology where entries name it), a
// project (its entry and the production technologies of its repository), the overview (the technologies
// with the most production evidence and the highlights that name them) and the contact details of `basics`.
import type { Intent } from "../intent.js";
import { TOP_TECHNOLOGIES, strongest } from "../facts.js";
import {
  type ComposeContext,
  type Composed,
  type Line,
  bestHighlights,
  chunkById,
  chunkByUri,
  composed,
  factLine,
  madeFact,
  UNCITED,
} from "./lines.js";

const EMPLOYER_HIGHLIGHTS = 3;
const OVERVIEW_HIGHLIGHTS = 3;
/** Technologies whose highlights the overview quotes: a few more than it names. */
const OVERVIEW_REACH = TOP_TECHNOLOGIES + 2;

export function composeEmployer(intent: Intent, ctx: ComposeContext): Composed | undefined {
  if (intent.employers.length === 0 && intent.employerName) return employerNotNamed(intent.employerName, ctx);
  const lines = intent.employers.flatMap((work) => {
    const chunk = chunkByUri(ctx, `work[${work}]`);
    if (!chunk) return [];
    // The entry's document: its record line, its summary, then "- highlight" lines (pipeline/kb/fact-docs.ts).
    const head = chunk.text
      .split("\n")
      .filter((l) => !l.startsWith("- "))
      .map((text): Line => ({ text, chunk }));
    return [...head, ...bestHighlights(ctx, () => 1, EMPLOYER_HIGHLIGHTS, work)];
  });
  return composed(lines);
}

/** "Did Dana work at Google?": no work entry names it; the entries that are there, each quoted from its record. */
function employerNotNamed(employer: string, ctx: ComposeContext): Composed | undefined {
  const fact = madeFact(
    `employer:${employer}`,
    UNCITED,
    employer,
    `No work entry of the profile is at ${employer}.`,
  );
  const entries = (ctx.profile.work ?? []).flatMap((_, i): Line[] => {
    const chunk = chunkByUri(ctx, `work[${i}]`);
    const record = chunk?.text.split("\n")[0];
    return chunk && record ? [{ text: record, chunk, item: true }] : [];
  });
  return composed([{ text: fact.text, chunk: fact }, ...entries], [fact]);
}

export function composeYears(intent: Intent, ctx: ComposeContext): Composed | undefined {
  const lines: Line[] = [];
  const facts = [];
  for (const id of intent.technologies) {
    const line = factLine(ctx, `truth:years:${id}`);
    if (line) {
      lines.push(line);
      continue;
    }
    const name = ctx.catalog.get(id)?.name ?? id;
    const fact = madeFact(
      `years:${id}`,
      UNCITED,
      name,
      `No work entry of the profile names ${name}, so its dates give no years for it.`,
    );
    facts.push(fact);
    lines.push({ text: fact.text, chunk: fact });
  }
  if (intent.technologies.length === 0) {
    const derived = chunkById(ctx, "derived:candidate");
    const span = derived?.text.match(/^[^.]*\bwork history from\b[^.]*\./)?.[0];
    if (derived && span) lines.push({ text: span, chunk: derived });
  }
  return composed(lines, facts);
}

export function composeContact(ctx: ComposeContext): Composed | undefined {
  const line = factLine(ctx, "profile:contact");
  return line ? composed([line]) : undefined;
}

export function composeProject(intent: Intent, ctx: ComposeContext): Composed | undefined {
  const lines = intent.projects.flatMap((name): Line[] => {
    const index = (ctx.profile.projects ?? []).findIndex((p) => p.name?.trim() === name);
    const entry = index >= 0 ? chunkByUri(ctx, `projects[${index}]`) : undefined;
    const own = entry
      ? entry.text.split("\n").map((text): Line => ({ text: text.replace(/^- /, ""), chunk: entry }))
      : [];
    const repo = factLine(ctx, `truth:repo:${name}`);
    return [...own, ...(repo ? [repo] : [])];
  });
  return composed(lines);
}

/** "Tell me about Dana" opens with their own summary; "strongest experience" goes straight to the code. */
export function composeOverview(intent: Intent, ctx: ComposeContext): Composed | undefined {
  const lines: Line[] = [];
  if (intent.phrasing !== "strongest") {
    const summary = chunkByUri(ctx, "basics.summary");
    if (summary) lines.push(...summary.text.split("\n").map((text): Line => ({ text, chunk: summary })));
  }
  const overview = factLine(ctx, "truth:overview");
  if (overview) lines.push(overview);
  const top = new Set(
    strongest(ctx.truth)
      .slice(0, OVERVIEW_REACH)
      .map((s) => s.tech.id),
  );
  lines.push(
    ...bestHighlights(ctx, (h) => [...h.technologies].filter((t) => top.has(t)).length, OVERVIEW_HIGHLIGHTS),
  );
  return composed(lines);
}

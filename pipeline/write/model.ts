// `--writer bedrock|openai`: a model tailors the resume through a forced tool call; the result is merged
// into the profile so that everything the model was not asked about stays the candidate's own.
import { readFile } from "node:fs/promises";
import { z } from "zod";
import type { JsonResume } from "../../core/resume.js";
import type { ModelBackend, ToolSpec } from "../backends/types.js";
import { ServiceError } from "../../core/errors.js";
import { assetPath } from "../../core/paths.js";
import type { Writer, WriterInput } from "./types.js";

const tailored = z.object({
  summary: z.string().min(1),
  work: z
    .array(z.object({ index: z.number().int().min(0), highlights: z.array(z.string().min(1)) }))
    .default([]),
  projects: z
    .array(
      z.object({
        index: z.number().int().min(0),
        description: z.string().optional(),
        highlights: z.array(z.string()).optional(),
      }),
    )
    .default([]),
  skills: z.array(z.object({ name: z.string().min(1), keywords: z.array(z.string().min(1)) })).default([]),
});

export const TAILOR_TOOL: ToolSpec = {
  name: "tailored_resume",
  description: "The tailored resume sections.",
  inputSchema: {
    type: "object",
    properties: {
      summary: { type: "string" },
      work: {
        type: "array",
        items: {
          type: "object",
          properties: {
            index: { type: "integer" },
            highlights: { type: "array", items: { type: "string" } },
          },
          required: ["index", "highlights"],
        },
      },
      projects: {
        type: "array",
        items: {
          type: "object",
          properties: {
            index: { type: "integer" },
            description: { type: "string" },
            highlights: { type: "array", items: { type: "string" } },
          },
          required: ["index"],
        },
      },
      skills: {
        type: "array",
        items: {
          type: "object",
          properties: { name: { type: "string" }, keywords: { type: "array", items: { type: "string" } } },
          required: ["name", "keywords"],
        },
      },
    },
    required: ["summary", "work", "skills"],
  },
};

export function modelWriter(backend: ModelBackend): Writer {
  return {
    name: backend.name,
    async write(input) {
      const [system, user] = await Promise.all(
        ["writer-system.txt", "writer-user.txt"].map((f) =>
          readFile(assetPath("templates", "prompts", f), "utf8"),
        ),
      );
      const response = await backend.complete({
        purpose: "writer",
        system: system!,
        prompt: fill(user!, input),
        tool: TAILOR_TOOL,
        maxTokens: 4096,
        temperature: 0.2,
        // Up to 4,096 tokens takes minutes: streamed, judged by its pauses, never sent twice.
        stream: true,
      });
      const parsed = tailored.safeParse(
        response.toolCall?.name === TAILOR_TOOL.name ? response.toolCall.input : undefined,
      );
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const why = !response.toolCall
          ? `it did not call ${TAILOR_TOOL.name}`
          : response.toolCall.name !== TAILOR_TOOL.name
            ? `it called ${JSON.stringify(response.toolCall.name)} instead of ${TAILOR_TOOL.name}`
            : `${issue?.path.length ? `${issue.path.join(".")}: ` : ""}${issue?.message ?? "invalid"}`;
        throw new ServiceError(
          `The ${backend.name} writer (${backend.model}) returned no usable tailored resume (${why}): ${response.preview}`,
        );
      }
      return merge(input.profile, parsed.data);
    },
  };
}

function fill(template: string, input: WriterInput): string {
  const values: Record<string, string> = {
    job: input.job.lines.map((l) => (l.heading ? `## ${l.text}` : `- ${l.text}`)).join("\n"),
    profile: JSON.stringify(input.profile, null, 1),
    matches: input.matches
      .map(
        (m) =>
          `- ${m.requirement} [${m.technology ?? m.kind}: ${m.status}] ${m.evidence.map((e) => e.ref).join(", ")}`,
      )
      .join("\n"),
    chunks: input.chunks.map((c, i) => `[${i + 1}] (${c.uri}) ${c.text}`).join("\n\n"),
    pages: String(input.pages ?? 2),
    pagesPlural: (input.pages ?? 2) === 1 ? "" : "s",
  };
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
}

function merge(profile: JsonResume, t: z.infer<typeof tailored>): JsonResume {
  const draft = structuredClone(profile);
  draft.basics = { ...draft.basics, summary: t.summary };
  for (const w of t.work) {
    const entry = draft.work?.[w.index];
    if (entry) entry.highlights = w.highlights;
  }
  for (const p of t.projects) {
    const entry = draft.projects?.[p.index];
    if (!entry) continue;
    if (p.description !== undefined) entry.description = p.description;
    if (p.highlights !== undefined) entry.highlights = p.highlights;
  }
  if (t.skills.length > 0) draft.skills = t.skills;
  return draft;
}

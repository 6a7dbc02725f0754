// The answerer for `writer: bedrock | openai`: the model answers from the numbered chunks through a forced
// `portfolio_answer` tool call and cites them. It is trusted with nothing: the guards and the verifier judge
// its answer like any other, and an unusable reply is treated as no answer.
import { readFileSync } from "node:fs";
import { z } from "zod";
import type { ModelBackend, ToolSpec } from "../pipeline/index.js";
import type { Chunk } from "../core/chunk.js";
import { ServiceError } from "../core/errors.js";
import { assetPath } from "../core/paths.js";
import type { Answer, Answerer, AnswerInput } from "./answerer.js";

const MAX_SOURCES = 12;
/** Facts of the intent a model sees ahead of the retrieved sources. */
const MAX_FACTS = 12;
const QUOTE_CHARS = 300;

export const ANSWER_TOOL: ToolSpec = {
  name: "portfolio_answer",
  description: "The answer to the recruiter's question, from the numbered sources only.",
  inputSchema: {
    type: "object",
    properties: {
      answerable: { type: "boolean", description: "false when the sources do not answer the question" },
      answer: { type: "string" },
      sources: { type: "array", items: { type: "integer" }, description: "numbers of the sources used" },
    },
    required: ["answerable", "answer", "sources"],
  },
};

const reply = z.object({ answerable: z.boolean(), answer: z.string(), sources: z.array(z.number().int()) });

/** A model service failure: the server answers 503, never a made-up fallback. */
export class AnswerServiceError extends ServiceError {
  readonly statusCode = 503;
}

export function modelAnswerer(backend: ModelBackend, log: (line: string) => void = () => {}): Answerer {
  const prompt = (name: string) => readFileSync(assetPath("templates", "prompts", name), "utf8");
  const system = prompt("chat-system.txt");
  const user = prompt("chat-user.txt");
  return {
    name: backend.name,
    model: true,
    async answer(input: AnswerInput): Promise<Answer> {
      // Examples and stale doc claims are not the candidate's work: the model never sees them. The facts
      // that answer the question's intent come first, then what retrieval found.
      const facts = input.facts ?? [];
      const factIds = new Set(facts.map((c) => c.id));
      const retrieved = input.chunks
        .filter((c) => c.kind !== "example" && c.kind !== "stale-claim" && !factIds.has(c.id))
        .slice(0, MAX_SOURCES);
      const sources = [...facts.slice(0, MAX_FACTS), ...retrieved];
      if (sources.length === 0) return { text: "", quotes: [] };
      const response = await backend
        .complete({
          purpose: "answerer",
          system,
          prompt: user
            .replace("{{sources}}", numbered(sources))
            .replace("{{question}}", escape(questionWithIntent(input))),
          tool: ANSWER_TOOL,
          maxTokens: 600,
          temperature: 0,
        })
        .catch((error: unknown) => {
          throw new AnswerServiceError(error instanceof Error ? error.message : String(error));
        });
      const parsed = reply.safeParse(
        response.toolCall?.name === ANSWER_TOOL.name ? response.toolCall.input : undefined,
      );
      if (!parsed.success) {
        log(`the ${backend.name} answerer gave no usable answer: ${response.preview}`);
        return { text: "", quotes: [] };
      }
      if (!parsed.data.answerable || parsed.data.answer.trim() === "") return { text: "", quotes: [] };
      const cited = parsed.data.sources.map((n) => sources[n - 1]).filter((c): c is Chunk => c !== undefined);
      return {
        text: parsed.data.answer.trim(),
        quotes: [...new Set(cited)].map((c) => ({ chunkId: c.id, text: c.text.slice(0, QUOTE_CHARS) })),
      };
    },
  };
}

/**
 * The question, and what it was understood to ask when that is more than retrieval: "(understood as: a
 * technology question about OpenAI; sources 1-2 are the facts that answer it)".
 */
function questionWithIntent(input: AnswerInput): string {
  const intent = input.intent;
  if (!intent || intent.kind === "retrieval") return input.question;
  const about = [
    ...intent.technologies,
    ...intent.categories,
    ...intent.projects,
    ...intent.employers.map((i) => `work[${i}]`),
  ];
  const facts = Math.min(input.facts?.length ?? 0, MAX_FACTS);
  const which = facts === 0 ? "" : `; sources 1-${facts} are the facts that answer it`;
  return `${input.question}\n(understood as: a ${intent.kind} question${about.length > 0 ? ` about ${about.join(", ")}` : ""}${which})`;
}

function numbered(chunks: readonly Chunk[]): string {
  return chunks.map((c, i) => `[${i + 1}] (${c.uri}) ${escape(c.text)}`).join("\n\n");
}

/** Source and question text cannot close the delimiters around them. */
function escape(text: string): string {
  return text.replace(/<\/?(sources|question)>/gi, "");
}

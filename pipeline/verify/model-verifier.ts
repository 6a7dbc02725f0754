// The grounding verifier over a language model (Bedrock or OpenAI-compatible): one call per answer with a
// forced `grounding_verdict` tool. It fails safe: whatever is not a clean GROUNDED verdict is NOT_GROUNDED.
import type { ModelBackend, ModelResponse } from "../backends/types.js";
import type { Chunk } from "../../core/chunk.js";
import {
  type ClaimVerdict,
  type Verifier,
  type VerifierResult,
  type VerifyOptions,
  chunkEvidence,
  citeChunk,
} from "./types.js";
import {
  VERDICT_TOOL,
  VERDICT_TOOL_NAME,
  VERIFIER_SYSTEM,
  citeChunkNumbers,
  claimReasonsOf,
  verdictInput,
  verifierPrompt,
} from "./verdict-tool.js";

export interface ModelVerifierOptions {
  /** Where a failed verification is reported, one line each; default stderr. */
  log?: (line: string) => void;
  /** Room for the verdict; default 1024 tokens (a reason and a few quoted claims). */
  maxTokens?: number;
}

export function modelVerifier(backend: ModelBackend, options: ModelVerifierOptions = {}): Verifier {
  const log = options.log ?? ((line: string) => void process.stderr.write(`${line}\n`));
  const label = `${backend.name} verifier (${backend.model})`;
  return {
    name: backend.name,
    async verify(
      answer: string,
      chunks: readonly Chunk[],
      verifyOptions: VerifyOptions = {},
    ): Promise<VerifierResult> {
      // Same rule as the local verifier: a stale doc claim is contradicted by code and supports nothing.
      const usable = chunks.filter((c) => c.kind !== "stale-claim" && c.text.trim() !== "");
      if (answer.trim() === "") return notGrounded("The answer is empty.");
      if (usable.length === 0) return notGrounded("There are no source chunks to check the answer against.");

      let response: ModelResponse;
      try {
        response = await backend.complete({
          purpose: "verifier",
          system: VERIFIER_SYSTEM,
          prompt: verifierPrompt(answer, usable),
          tool: VERDICT_TOOL,
          maxTokens: options.maxTokens ?? 1024,
          temperature: 0,
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        log(`${label}: no verdict, the service failed: ${message.slice(0, 200)}`);
        return {
          ...notGrounded(`The verifier service failed, so the answer is not trusted: ${message}`),
          failure: "service",
        };
      }

      // Chunk numbers are cited by path and lines only for records (a `vouch verify` user numbered the chunks).
      const { claims, ...result } = readVerdict(response, verifyOptions.claims ? usable : []);
      if (result.failure) log(`${label}: unusable verdict (${result.reason}); it sent: ${response.preview}`);
      return verifyOptions.claims && claims ? { ...result, claims } : result;
    },
  };
}

/**
 * The verdict in a model response, or NOT_GROUNDED/malformed saying what was wrong with it. Given the chunks
 * the prompt numbered, the reasons cite each chunk they name by path and lines, and the ungrounded claims the
 * model gave a reason for come back as `claims`.
 */
export function readVerdict(response: ModelResponse, chunks: readonly Chunk[] = []): VerifierResult {
  const call = response.toolCall;
  if (!call) {
    const why =
      response.text.trim() !== ""
        ? `the model answered in text instead of calling ${VERDICT_TOOL_NAME}`
        : `the model did not call ${VERDICT_TOOL_NAME}`;
    return malformed(`${why}${response.stopReason ? ` (stop reason ${response.stopReason})` : ""}`);
  }
  if (call.name !== VERDICT_TOOL_NAME)
    return malformed(`the model called ${JSON.stringify(call.name)} instead of ${VERDICT_TOOL_NAME}`);

  const parsed = verdictInput.safeParse(call.input);
  if (!parsed.success) {
    const input = call.input;
    const verdict =
      typeof input === "object" && input !== null ? (input as { verdict?: unknown }).verdict : undefined;
    if (verdict !== undefined && verdict !== "GROUNDED" && verdict !== "NOT_GROUNDED")
      return malformed(`the verdict ${JSON.stringify(verdict).slice(0, 60)} is not GROUNDED or NOT_GROUNDED`);
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
    return malformed(`the ${VERDICT_TOOL_NAME} input is malformed (${where}${issue?.message ?? "invalid"})`);
  }

  const { verdict } = parsed.data;
  const reason = citeChunkNumbers(parsed.data.reason, chunks).text;
  const ungroundedClaims = parsed.data.ungroundedClaims ?? [];
  // A GROUNDED verdict that lists ungrounded claims contradicts itself: the safe reading wins.
  if (verdict === "GROUNDED" && ungroundedClaims.length > 0)
    return { ...malformed("the model said GROUNDED but listed ungrounded claims"), ungroundedClaims };
  if (verdict === "GROUNDED") return { verdict, reason, ungroundedClaims };
  const claims = claimVerdicts(parsed.data.claimReasons, chunks);
  return { verdict, reason, ungroundedClaims, ...(claims.length > 0 ? { claims } : {}) };
}

/** The model's per-claim reasons, each citing its closest chunk (the number it gave, else those it named). */
function claimVerdicts(value: unknown, chunks: readonly Chunk[]): ClaimVerdict[] {
  return claimReasonsOf(value).map(({ claim, reason, chunk: n }) => {
    const cited = citeChunkNumbers(reason.replace(/[.\s]+$/, ""), chunks);
    const closest = n !== undefined ? chunks[n - 1] : undefined;
    const named = closest ? [closest, ...cited.cited.filter((c) => c !== closest)] : cited.cited;
    const text =
      closest && !cited.text.includes(citeChunk(closest))
        ? `${cited.text} (closest source: ${citeChunk(closest)})`
        : cited.text;
    return {
      claim,
      supported: false,
      reason: text,
      ...(named.length > 0 ? { evidence: named.map(chunkEvidence) } : {}),
    };
  });
}

function notGrounded(reason: string): VerifierResult {
  return { verdict: "NOT_GROUNDED", reason, ungroundedClaims: [] };
}

function malformed(why: string): VerifierResult {
  return { ...notGrounded(`No usable verdict, so the answer is not trusted: ${why}.`), failure: "malformed" };
}

// One chat answer: understand the question (answers/intent.ts) → retrieve → compose the answer from the
// truth's facts when the intent has a composer, else answer (extractive by default; a model always writes its
// own) → the guards on the answer (a written one also meets code-truth and vendor-provenance) → the verifier
// against the same chunks → block or warn. A model's answer the checks block gives way to the composed one.
// Every change is a hash-chained record sealed with the request id, so a recruiter's answer can be audited
// like a resume. The session's history only widens retrieval and helps the answerer read a follow-up; it is
// never a chunk, a fact or a verifier source.
import { basename } from "node:path";
import {
  GUARDS,
  type Guard,
  type GuardContext,
  type RedactionRecord,
  type UnsealedRecord,
  guardString,
  sealRecords,
} from "../guards/index.js";
import type { Chunk } from "../core/chunk.js";
import {
  type KnowledgeBase,
  type VerdictValue,
  type Verifier,
  type VerifierResult,
  type VerifyMode,
  claimsEvidence,
  claimsReason,
  decide,
  redactedStrings,
  redactionsByField,
  withRedactions,
} from "../pipeline/index.js";
import type { Answer, Answerer, Quote } from "./answerer.js";
import type { Grounding, GroundingSources } from "./grounding.js";
import type { Turn } from "./sessions.js";

/** What a blocked or unanswerable question gets: no claim about the candidate at all. */
export const FALLBACK = "The portfolio does not show that, so I cannot answer it.";

// Picked from the one chain (guards/index.ts), in its order. record-provenance first: an answer naming a title or employer the
// profile does not hold ("a Staff Engineer at Google") claims a record the candidate does not have; with no
// candidate wording to fall back to, it empties the answer, which is then not grounded and gets the
// fallback. claim-net then judges the answerer's own words before number-provenance redacts any figure.
const COMPOSED_GUARDS = GUARDS.filter((guard) => !guard.meta.readsTruth);
// A written answer (a model's or extractive quotes) may repeat what a stale README says ("self-hosted
// Kubernetes with kubeadm") or name a vendor seen only in example code, so it also meets the two guards that
// read the truth (meta.readsTruth). A composed answer states those facts as such ("the docs say X, but
// the code uses Y").
const WRITTEN_GUARDS = GUARDS;
const ANSWER_FIELD = "answer";

export interface ChatDeps {
  kb: KnowledgeBase;
  verifier: Verifier;
  answerer: Answerer;
  grounding: GroundingSources;
  /** Chunks per retrieval query; the KB's default when absent. */
  topK?: number;
  /** Milliseconds since the epoch: stamps records and ends the experience span. */
  now: () => number;
}

export interface ChatRequest {
  requestId: string;
  question: string;
  mode: VerifyMode;
  history: readonly Turn[];
}

export interface ChatSource {
  id: string;
  title: string;
  path: string;
  /** The sentences quoted from it. */
  snippet: string;
}

/** The response body of POST /v1/chat (DESIGN.md, Chatbot API). */
export interface ChatResponse {
  requestId: string;
  answer: string;
  verdict: VerdictValue;
  blocked: boolean;
  sources: ChatSource[];
  records: RedactionRecord[];
}

export interface ChatOutcome {
  response: ChatResponse;
  /**
   * What flagged the answer, for a false-positive report: the first guard that changed it, else the
   * verifier; `answerer` when nothing relevant was found, `none` for a grounded answer.
   */
  flaggedBy: string;
}

export async function answerChat(request: ChatRequest, deps: ChatDeps): Promise<ChatOutcome> {
  const at = deps.now();
  const asOf = new Date(at).toISOString().slice(0, 10);
  const previous = request.history.at(-1)?.question;
  const intent = deps.grounding.answers.understand(request.question, previous);
  const queries = previous ? [request.question, `${previous} ${request.question}`] : [request.question];
  const retrieved = await deps.kb.retrieve(queries, deps.topK ? { topK: deps.topK } : {});
  const grounding = deps.grounding.of(retrieved, asOf);
  // The answer the truth's facts give, judged with the facts it quotes and those made for it alone.
  const facts = deps.grounding.facts(asOf);
  const composed = deps.grounding.answers.compose(
    intent,
    request.question,
    [...grounding.chunks, ...facts],
    asOf,
  );
  const own = composed && {
    answer: composed.answer,
    grounding: deps.grounding.including(
      grounding,
      [...quotedChunks(composed.answer.quotes, facts), ...composed.facts],
      asOf,
    ),
  };
  const seal = (records: UnsealedRecord[]) =>
    sealRecords(records, { runId: request.requestId, ts: new Date(at).toISOString() });

  let first: Judged | undefined;
  if (!own || deps.answerer.model) {
    const draft = await deps.answerer.answer({
      question: request.question,
      history: request.history,
      chunks: grounding.chunks,
      intent,
      ...(own ? { facts: quotedChunks(own.answer.quotes, own.grounding.chunks) } : {}),
    });
    if (draft.text.trim() !== "") {
      const checks = { guards: WRITTEN_GUARDS, context: deps.grounding.withTruth(grounding.context) };
      first = await evaluate(draft, grounding, request.mode, deps.verifier, checks);
    }
  }
  // A model's answer the checks blocked gives way to the composed one, with the record of why.
  const judged =
    own && (!first || first.blocked)
      ? await evaluate(own.answer, own.grounding, request.mode, deps.verifier, {
          guards: COMPOSED_GUARDS,
          context: own.grounding.context,
        })
      : first;
  if (!judged) {
    // Nothing relevant was found: say so, and claim nothing.
    const response = { requestId: request.requestId, answer: FALLBACK, verdict: "NOT_GROUNDED" as const };
    return { response: { ...response, blocked: false, sources: [], records: [] }, flaggedBy: "answerer" };
  }
  const replaced = first && judged !== first ? replacedBy(first, judged, deps.verifier.name) : [];
  const response: ChatResponse = {
    requestId: request.requestId,
    answer: judged.answer,
    verdict: judged.result.verdict,
    blocked: judged.blocked,
    sources: judged.blocked ? [] : sourcesOf(judged.quotes, judged.chunks),
    records: seal([...replaced, ...judged.records]),
  };
  return { response, flaggedBy: (first ?? judged).flaggedBy };
}

interface Judged {
  /** What the recruiter reads: the answer, the answer with a note, or the fallback. */
  answer: string;
  /** The answer as the guards left it, before the decision. */
  guardedText: string;
  result: VerifierResult;
  blocked: boolean;
  records: UnsealedRecord[];
  guardRecords: UnsealedRecord[];
  quotes: readonly Quote[];
  chunks: readonly Chunk[];
  flaggedBy: string;
}

/** The guards, then the verifier against the same chunks, then block or warn. */
async function evaluate(
  draft: Answer,
  grounding: Grounding,
  mode: VerifyMode,
  verifier: Verifier,
  checks: { guards: readonly Guard[]; context: GuardContext },
): Promise<Judged> {
  const guarded = guardString(
    { field: ANSWER_FIELD, text: draft.text, role: "prose" },
    checks.guards,
    checks.context,
  );
  const text = guarded.removed ? "" : guarded.text;
  const result = await judge(text, guarded.records, grounding.chunks, verifier);
  const decision =
    text.trim() === ""
      ? { text: FALLBACK, blocked: true, annotated: false }
      : decide(text, result, mode, FALLBACK);
  const records = [...guarded.records];
  if (result.verdict !== "GROUNDED")
    records.push(decisionRecord(text, decision.text, result, decision.blocked, verifier.name));
  const changed = guarded.records.find((r) => r.action !== "annotate");
  return {
    answer: decision.text,
    guardedText: text,
    result,
    blocked: decision.blocked,
    records,
    guardRecords: guarded.records,
    quotes: draft.quotes,
    chunks: grounding.chunks,
    flaggedBy: changed?.guard ?? (result.verdict === "GROUNDED" ? "none" : "verifier"),
  };
}

/** The blocked model answer's records, its fallback now the composed answer that replaced it. */
function replacedBy(blocked: Judged, composed: Judged, verifier: string): UnsealedRecord[] {
  const record = decisionRecord(blocked.guardedText, composed.answer, blocked.result, true, verifier);
  record.outputRange = [0, composed.answer.length];
  record.reason = record.reason.replace(
    /The answer is replaced by a statement that the portfolio does not show it\.$/,
    "The answer is replaced by the one composed from the portfolio's facts.",
  );
  return [...blocked.guardRecords, record];
}

/** The chunks an answer quotes, each once, in the order quoted. */
function quotedChunks(quotes: readonly Quote[], chunks: readonly Chunk[]): Chunk[] {
  const byId = new Map(chunks.map((c) => [c.id, c]));
  return [...new Set(quotes.map((q) => byId.get(q.chunkId)))].filter((c): c is Chunk => c !== undefined);
}

/**
 * The verifier's verdict on what the guards left. An answer the guards emptied claimed nothing a source
 * backs; one that still holds a redaction is not grounded whatever the verifier says of the rest (the rule
 * the verify stage of generate applies too: verify/redactions.ts).
 */
async function judge(
  text: string,
  records: readonly UnsealedRecord[],
  chunks: readonly Chunk[],
  verifier: Verifier,
): Promise<VerifierResult> {
  if (text.trim() === "") {
    const originals = records.filter((r) => r.action !== "annotate").map((r) => `"${r.original}"`);
    return {
      verdict: "NOT_GROUNDED",
      reason: `The guards removed the whole answer (${originals.join(", ")}).`,
      ungroundedClaims: [],
    };
  }
  const result = await verifier.verify(text, chunks, { claims: true });
  const judged =
    result.verdict === "GROUNDED"
      ? result
      : {
          ...result,
          reason: `The ${verifier.name} verifier found the answer not grounded: ${result.reason}`,
        };
  return withRedactions(
    judged,
    redactedStrings([{ field: ANSWER_FIELD, text }], redactionsByField(records)),
    "answer",
  );
}

/**
 * The decision as a record: the fallback that replaced the answer, or the note added to it. Its reason names
 * each ungrounded claim with its own reason when the verifier gave them, and its evidence cites the chunks
 * closest to them by path and lines.
 */
function decisionRecord(
  answer: string,
  output: string,
  result: VerifierResult,
  blocked: boolean,
  verifier: string,
): UnsealedRecord {
  const why = claimsReason(verifier, result.claims ?? [], "the answer") ?? result.reason;
  return {
    guard: "verifier",
    rule: result.failure ? `verifier-${result.failure}` : "ungrounded",
    action: blocked ? "fallback" : "annotate",
    field: "answer",
    range: [0, answer.length],
    outputRange: [0, output.length],
    original: answer,
    replacement: output,
    reason: blocked
      ? `${why} The answer is replaced by a statement that the portfolio does not show it.`
      : `${why} Kept with a note because the mode is warn.`,
    evidence: claimsEvidence(result.claims ?? []),
  };
}

/** Each quoted chunk once, in the order quoted, with what was quoted from it. */
function sourcesOf(quotes: readonly Quote[], chunks: readonly Chunk[]): ChatSource[] {
  const byId = new Map(chunks.map((c) => [c.id, c]));
  const sources = new Map<string, ChatSource>();
  for (const quote of quotes) {
    const chunk = byId.get(quote.chunkId);
    if (!chunk) continue;
    const known = sources.get(chunk.id);
    if (known) {
      known.snippet = `${known.snippet} … ${quote.text}`;
      continue;
    }
    // The uri says where, including the entry of the profile (`profile.yaml#work[0]`) and the repository.
    const path = chunk.uri;
    sources.set(chunk.id, { id: chunk.id, title: chunk.title ?? basename(path), path, snippet: quote.text });
  }
  return [...sources.values()];
}

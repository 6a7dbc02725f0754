// A Bedrock Knowledge Base as a KnowledgeBase: one Retrieve call per query through the real SDK client,
// results mapped to the shared Chunk type, merged and deduplicated like the local index does.
import {
  BedrockAgentRuntimeClient,
  RetrieveCommand,
  type KnowledgeBaseRetrievalResult,
  type RetrievalResultLocation,
} from "@aws-sdk/client-bedrock-agent-runtime";
import { awsClientConfig, DEFAULT_AWS_TIMEOUT_MS, type AwsClientOptions } from "../backends/aws.js";
import { awsServiceError } from "../backends/aws-errors.js";
import { type Chunk, type ChunkKind, mergeChunks } from "../../core/chunk.js";
import { chunkId as sourceChunkId } from "./chunker.js";
import { DEFAULT_TOP_K, type KnowledgeBase, type RetrieveOptions } from "./types.js";

export const DEFAULT_RETRIEVE_CONCURRENCY = 4;

const KINDS: ReadonlySet<string> = new Set<ChunkKind>([
  "production-doc",
  "example",
  "stale-claim",
  "profile",
  "truth",
]);

export interface BedrockKnowledgeBaseOptions extends AwsClientOptions {
  knowledgeBaseId: string;
  /** Retrieve calls in flight at once. */
  concurrency?: number;
  /** Results per query when retrieve() is not told; DEFAULT_TOP_K when absent (the topK setting goes here). */
  topK?: number;
}

/** The id in a `kb` setting of the form `bedrock:<id>`; undefined for `local`. */
export function bedrockKnowledgeBaseId(kbSetting: string | undefined): string | undefined {
  return kbSetting?.startsWith("bedrock:") ? kbSetting.slice("bedrock:".length) : undefined;
}

/** Throws InputError at once when the region or credentials are missing: nothing is sent before that. */
export function createBedrockKnowledgeBase(options: BedrockKnowledgeBaseOptions): KnowledgeBase {
  const client = new BedrockAgentRuntimeClient(awsClientConfig("bedrock-agent-runtime", options));
  const id = options.knowledgeBaseId;
  const timeoutMs = options.requestTimeoutMs ?? DEFAULT_AWS_TIMEOUT_MS;

  async function retrieveOne(query: string, topK: number): Promise<Chunk[]> {
    try {
      const output = await client.send(
        new RetrieveCommand({
          knowledgeBaseId: id,
          retrievalQuery: { text: query },
          retrievalConfiguration: { vectorSearchConfiguration: { numberOfResults: topK } },
        }),
      );
      return (output.retrievalResults ?? []).flatMap((r) => {
        const chunk = retrievalResultToChunk(r);
        return chunk ? [chunk] : [];
      });
    } catch (error) {
      throw awsServiceError(`Bedrock knowledge base ${id}`, error, timeoutMs);
    }
  }

  return {
    name: `bedrock:${id}`,
    async retrieve(queries: readonly string[], retrieveOptions: RetrieveOptions = {}): Promise<Chunk[]> {
      const topK = retrieveOptions.topK ?? options.topK ?? DEFAULT_TOP_K;
      const unique = [...new Set(queries.map((q) => q.trim()).filter((q) => q !== ""))];
      const perQuery = await mapLimit(unique, options.concurrency ?? DEFAULT_RETRIEVE_CONCURRENCY, (q) =>
        retrieveOne(q, topK),
      );
      return mergeChunks(perQuery.flat());
    },
  };
}

/** A Retrieve result as a Chunk; undefined when it carries no text (image or table rows only). */
export function retrievalResultToChunk(result: KnowledgeBaseRetrievalResult): Chunk | undefined {
  const text = result.content?.text;
  if (text === undefined || text.trim() === "") return undefined;
  const uri = locationUri(result.location);
  const metadata = plainMetadata(result.metadata);
  const kind =
    typeof metadata.kind === "string" && KINDS.has(metadata.kind) ? metadata.kind : "production-doc";
  const str = (key: string) => (typeof metadata[key] === "string" ? metadata[key] : undefined);
  return {
    id: chunkId(uri, text),
    text,
    uri,
    kind: kind as ChunkKind,
    ...(str("title") ? { title: str("title") } : {}),
    ...(str("repo") ? { repo: str("repo") } : {}),
    ...(str("path") ? { path: str("path") } : {}),
    ...(result.score !== undefined ? { score: result.score } : {}),
    ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
  };
}

/** Stable across runs and queries: the same text from the same place is the same chunk. */
export function chunkId(uri: string, text: string): string {
  return `bedrock-${sourceChunkId(uri, text).slice(0, 16)}`;
}

function locationUri(location: RetrievalResultLocation | undefined): string {
  if (!location) return "bedrock:unknown";
  return (
    location.s3Location?.uri ??
    location.webLocation?.url ??
    location.confluenceLocation?.url ??
    location.salesforceLocation?.url ??
    location.sharePointLocation?.url ??
    location.oneDriveLocation?.url ??
    location.googleDriveLocation?.url ??
    location.kendraDocumentLocation?.uri ??
    (location.customDocumentLocation?.id ? `custom:${location.customDocumentLocation.id}` : undefined) ??
    (location.sqlLocation?.query ? `sql:${location.sqlLocation.query}` : undefined) ??
    `bedrock:${location.type ?? "unknown"}`
  );
}

/** Metadata values as the Chunk type allows them; nested values become JSON text, nulls are dropped. */
function plainMetadata(raw: Record<string, unknown> | undefined): NonNullable<Chunk["metadata"]> {
  const out: NonNullable<Chunk["metadata"]> = {};
  for (const [key, value] of Object.entries(raw ?? {})) {
    if (value === null || value === undefined) continue;
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
      out[key] = value;
    else if (Array.isArray(value) && value.every((v) => typeof v === "string")) out[key] = value as string[];
    else out[key] = JSON.stringify(value);
  }
  return out;
}

/** Runs `fn` over `items` with at most `limit` in flight; results keep the items' order. */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

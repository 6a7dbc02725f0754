// The chatbot never serves a line that holds a secret: every chunk a KB returns is scanned (once per id and
// text) and the lines with a secret are blanked before any answerer, guard or verifier reads it. The ingest
// already leaves such lines out; this covers a KB built by an older version and a Bedrock KB, whose
// documents vouch never read.
import type { Chunk } from "../../core/chunk.js";
import { type KnowledgeBase, type SecretFinding, withoutSecretLines } from "../../pipeline/index.js";
import { BoundedMap } from "../../core/bounded-map.js";

export function withoutSecrets(
  kb: KnowledgeBase,
  warn: (finding: SecretFinding) => void,
  maxCached = 10_000,
): KnowledgeBase {
  const cleaned = new BoundedMap<string, { raw: string; text: string }>(maxCached);
  async function clean(chunk: Chunk): Promise<Chunk> {
    const cached = cleaned.get(chunk.id);
    if (cached?.raw === chunk.text)
      return cached.text === chunk.text ? chunk : { ...chunk, text: cached.text };
    const { text, findings } = await withoutSecretLines(chunk.text, chunk.uri);
    // Lines counted within the chunk; the chunk's first line in its file makes them the file's.
    const offset = (chunk.lines?.[0] ?? 1) - 1;
    for (const finding of findings) warn({ ...finding, line: finding.line + offset });
    cleaned.set(chunk.id, { raw: chunk.text, text });
    return text === chunk.text ? chunk : { ...chunk, text };
  }
  return {
    name: kb.name,
    async retrieve(queries, options) {
      return Promise.all((await kb.retrieve(queries, options)).map(clean));
    },
  };
}

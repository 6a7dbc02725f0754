// The verifier a run asked for: local (embedded default), bedrock or openai (the same forced-tool contract).
// `off` is not a verifier: a run with the verifier off skips the stage and reports no verdict.
import type { Catalog } from "../../extractors/catalog.js";
import type { Settings } from "../inputs/config.js";
import type { UsageLedger } from "../backends/types.js";
import { localVerifier } from "./local.js";
import type { Verifier } from "./types.js";

export type VerifierKind = "local" | "bedrock" | "openai";

export async function createVerifier(
  kind: VerifierKind,
  context: { catalog: Catalog; settings: Settings; ledger?: UsageLedger },
): Promise<Verifier> {
  if (kind === "local") return localVerifier(context.catalog);
  const [{ createBackend }, { modelVerifier }] = await Promise.all([
    import("../backends/index.js"),
    import("./model-verifier.js"),
  ]);
  return modelVerifier(createBackend(kind, "verifier", context.settings, context.ledger));
}

// The writer a run asked for: template (embedded default), bedrock, openai, or scripted:<file>.
import { resolve } from "node:path";
import type { UsageLedger } from "../backends/types.js";
import type { Settings } from "../inputs/config.js";
import { scriptedWriter } from "./scripted.js";
import { loadSummaryTemplate, templateWriter } from "./template.js";
import type { Writer } from "./types.js";

export async function createWriter(spec: string, settings: Settings, ledger?: UsageLedger): Promise<Writer> {
  if (spec.startsWith("scripted:")) return scriptedWriter(resolve(spec.slice("scripted:".length)));
  if (spec === "bedrock" || spec === "openai") {
    const [{ createBackend }, { modelWriter }] = await Promise.all([
      import("../backends/index.js"),
      import("./model.js"),
    ]);
    return modelWriter(createBackend(spec, "writer", settings, ledger));
  }
  return templateWriter(await loadSummaryTemplate());
}

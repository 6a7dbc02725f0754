// resume.pdf, compiled in process by Typst (the engine RenderCV uses) from templates/pdf/resume.typ with
// the open fonts of fonts.ts embedded and subset, and no network. A character none of them draws falls back
// to a font of the machine's (templates/pdf/fonts.yaml says which scripts that is). The same resume,
// layout and date give the same bytes.
import { readFileSync } from "node:fs";
import type { NodeCompiler } from "@myriaddreamin/typst-ts-node-compiler";
import type { JsonResume } from "../../../core/resume.js";
import { lazy } from "../../../core/lazy.js";
import { assetPath } from "../../../core/paths.js";
import { resumeBlocks } from "../blocks.js";
import { DEFAULT_RENDER_DATE } from "../docx.js";
import type { Layout } from "../layout-schema.js";
import type { GivenProperties } from "../properties.js";
import { type FontChoice, chooseFonts, loadFonts } from "./fonts.js";
import { drawnText, typstInput } from "./typst-input.js";

export interface RenderedPdf {
  bytes: Uint8Array;
  /** Pages as Typst laid them out: the page budget is measured, not estimated. */
  pages: number;
  /** The families the PDF was drawn with, the layout's first. */
  fonts: string[];
  /** Writing no installed font of vouch's draws (the machine's own fonts were tried). */
  uncovered: FontChoice["uncovered"];
}

export interface RenderPdfOptions {
  properties?: GivenProperties;
  date?: Date | string;
}

const template = lazy(() => readFileSync(assetPath("templates", "pdf", "resume.typ"), "utf8"));
const typst = lazy(async () => (await import("@myriaddreamin/typst-ts-node-compiler")).NodeCompiler);
const compilers = new Map<string, NodeCompiler>();

async function compilerFor(keys: string[], fonts: () => Buffer[]): Promise<NodeCompiler> {
  const key = keys.join(",");
  let compiler = compilers.get(key);
  if (!compiler) {
    const NodeCompiler = await typst();
    compiler = NodeCompiler.create({ fontArgs: [{ fontBlobs: fonts() }] });
    compilers.set(key, compiler);
  }
  return compiler;
}

/** A Typst diagnostic as one line: the template is ours, so any error is vouch's bug, not the user's. */
function diagnosticText(compiler: NodeCompiler, error: unknown): string {
  const list = compiler.fetchDiagnostics(error as never) as { message?: string }[];
  return list.map((d) => d.message ?? JSON.stringify(d)).join("; ");
}

async function compileResume(resume: JsonResume, layout: Layout, properties?: GivenProperties) {
  const blocks = resumeBlocks(resume, layout);
  const choice = chooseFonts(layout.font, drawnText(blocks));
  const input = typstInput(resume, blocks, layout, choice.families, properties);
  const compiler = await compilerFor(choice.keys, () => loadFonts(choice));
  const result = compiler.compile({ mainFileContent: template(), inputs: { data: JSON.stringify(input) } });
  const error = result.takeError();
  if (error)
    throw new Error(`resume.pdf: Typst could not lay out the resume: ${diagnosticText(compiler, error)}`);
  return { compiler, document: result.result!, fonts: choice.families, uncovered: choice.uncovered };
}

/** How many pages the resume comes to with this layout, laid out but not written (the page budget's measure). */
export async function measurePages(resume: JsonResume, layout: Layout): Promise<number> {
  return (await compileResume(resume, layout)).document.numOfPages;
}

export async function renderPdf(
  resume: JsonResume,
  layout: Layout,
  options: RenderPdfOptions = {},
): Promise<RenderedPdf> {
  const date = new Date(options.date ?? DEFAULT_RENDER_DATE);
  if (Number.isNaN(date.getTime())) throw new Error(`renderPdf: invalid date ${String(options.date)}`);
  const { compiler, document, fonts, uncovered } = await compileResume(resume, layout, options.properties);
  const bytes = compiler.pdf(document, { creationTimestamp: Math.floor(date.getTime() / 1000) });
  // The compiler keeps what it computed between runs; an old entry is not worth the memory.
  compiler.evictCache(10);
  return { bytes: new Uint8Array(bytes), pages: document.numOfPages, fonts, uncovered };
}

// Where things are in a Terraform file: the lines of its blocks, and of the attributes inside them.
import type { HclBlock } from "./hcl.js";

/** The lines a top-level block spans, from its header to its closing brace. */
export interface BlockLines {
  startLine: number;
  endLine: number;
}

/** Finds the lines of blocks and of the attributes inside them. */
export interface Locator {
  blocks(type: string, labels: string[]): BlockLines[];
  /** First line in the block matching `pattern`, else the block's own line. */
  lineIn(block: BlockLines | undefined, pattern: RegExp): number | undefined;
}

function escapeRegExp(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
}

export function literal(value: string): RegExp {
  return escapeRegExp(`"${value}"`);
}

export function hclLocator(text: string, blocks: HclBlock[]): Locator {
  const lines = text.split("\n");
  return {
    blocks: (type, labels) =>
      blocks
        .filter(
          (block) => block.type === type && labels.every((label, index) => block.labels[index] === label),
        )
        .map((block) => ({ startLine: block.line, endLine: block.endLine })),
    lineIn: (block, pattern) => firstMatch(lines, block, pattern),
  };
}

/** Terraform JSON has no scanner: a block starts at its last label's key and runs to the end of the file. */
export function jsonLocator(text: string): Locator {
  const lines = text.split("\n");
  return {
    blocks(type, labels) {
      let line = 0;
      for (const key of [type, ...labels]) {
        const found = lines.findIndex((content, index) => index >= line && content.includes(`"${key}"`));
        if (found < 0) return [];
        line = found;
      }
      return [{ startLine: line + 1, endLine: lines.length }];
    },
    lineIn: (block, pattern) => firstMatch(lines, block, pattern),
  };
}

function firstMatch(lines: string[], block: BlockLines | undefined, pattern: RegExp): number | undefined {
  if (!block) return undefined;
  for (let line = block.startLine; line <= block.endLine; line++) {
    if (pattern.test(lines[line - 1] ?? "")) return line;
  }
  return block.startLine;
}

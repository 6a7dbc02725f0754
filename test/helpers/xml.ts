// Every DOCX a test reads is checked as Word would: each XML part must be well-formed XML 1.0, characters
// included (saxes rejects what the Char production forbids, such as U+FFFE or a vertical tab).
import { SaxesParser } from "saxes";

/** Throws naming the part, line and column of the first fault. */
export function checkXml(name: string, xml: string): void {
  const parser = new SaxesParser({ xmlns: false });
  let fault: string | undefined;
  parser.on("error", (error) => {
    fault ??= error.message;
  });
  parser.write(xml).close();
  if (fault) throw new Error(`${name}: not well-formed XML (${fault})`);
}

/** Check every XML part of an unzipped DOCX (`.xml` and `.rels`). */
export function checkDocxParts(parts: Record<string, string>): void {
  for (const [name, text] of Object.entries(parts)) if (/\.(xml|rels)$/.test(name)) checkXml(name, text);
}

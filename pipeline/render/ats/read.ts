// Our files read the way an ATS reads them: resume.pdf's text layer through PDF.js (unpdf's build for
// servers), resume.docx's paragraphs through mammoth. Loaded on first use: a run pays for them once.
import { lazy } from "../../../core/lazy.js";

const pdfjs = lazy(() => import("unpdf"));
const mammoth = lazy(async () => (await import("mammoth")).default);

export interface PdfText {
  text: string;
  pages: number;
  /** Ligature characters (U+FB00–FB06) in the text layer: a search for "office" misses "o\uFB03ce". */
  ligatures: string[];
}

export async function readPdfText(bytes: Uint8Array): Promise<PdfText> {
  const { getDocumentProxy, extractText } = await pdfjs();
  // PDF.js takes the buffer over: give it a copy so the bytes still get written.
  const document = await getDocumentProxy(new Uint8Array(bytes));
  try {
    const { text, totalPages } = await extractText(document, { mergePages: true });
    return { text, pages: totalPages, ligatures: [...new Set(text.match(/[\uFB00-\uFB06]/gu) ?? [])] };
  } finally {
    await document.destroy();
  }
}

export async function readDocxText(bytes: Uint8Array): Promise<string> {
  const { value } = await (await mammoth()).extractRawText({ buffer: Buffer.from(bytes) });
  return value;
}

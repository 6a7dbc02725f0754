// Byte-for-byte reproducible DOCX files. The docx library stamps the clock in two places: the created and
// modified dates of docProps/core.xml, and each zip entry's modification time. The first is replaced through
// Packer's file overrides, the second by rewriting the entries' DOS timestamps after packing.
import { type Document, Packer } from "docx";
import { writableText } from "../../core/xml-text.js";

export interface CoreProperties {
  title?: string;
  creator?: string;
  description?: string;
  keywords?: string;
  lastModifiedBy?: string;
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!,
  );

/** docProps/core.xml as the library writes it, with the given date in place of the clock. */
export function coreXml(props: CoreProperties, date: Date): string {
  const when = date.toISOString().replace(/\.\d{3}Z$/, "Z");
  const element = (name: string, value: string | undefined) =>
    value ? `<${name}>${escapeXml(writableText(value))}</${name}>` : "";
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ' +
    'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
    'xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    element("dc:title", props.title) +
    element("dc:creator", props.creator) +
    element("cp:keywords", props.keywords) +
    element("dc:description", props.description) +
    element("cp:lastModifiedBy", props.lastModifiedBy) +
    "<cp:revision>1</cp:revision>" +
    `<dcterms:created xsi:type="dcterms:W3CDTF">${when}</dcterms:created>` +
    `<dcterms:modified xsi:type="dcterms:W3CDTF">${when}</dcterms:modified>` +
    "</cp:coreProperties>"
  );
}

/** MS-DOS date and time (the zip format's), from the date's UTC fields so the time zone does not matter. */
function dosDateTime(date: Date): number {
  const year = Math.min(Math.max(date.getUTCFullYear(), 1980), 2107) - 1980;
  const day = (year << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate();
  const time = (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1);
  return ((day << 16) | time) >>> 0;
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;

/** Set every entry's modification time in a zip file (both its local and its central directory header). */
export function pinZipDates(zip: Uint8Array, date: Date): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  const stamp = dosDateTime(date);
  let end = out.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== END_OF_CENTRAL_DIRECTORY) end--;
  if (end < 0) throw new Error("not a zip file: no end of central directory");
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  for (let i = 0; i < count; i++) {
    if (view.getUint32(at, true) !== CENTRAL_HEADER) throw new Error("zip central directory is corrupt");
    view.setUint32(at + 12, stamp, true);
    const local = view.getUint32(at + 42, true);
    if (view.getUint32(local, true) !== LOCAL_HEADER) throw new Error("zip local header is corrupt");
    view.setUint32(local + 10, stamp, true);
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return out;
}

/** Pack a document into DOCX bytes that depend only on the document and the date. */
export async function packDocument(doc: Document, props: CoreProperties, date: Date): Promise<Uint8Array> {
  const overrides = [{ path: "docProps/core.xml", data: coreXml(props, date) }];
  const zip = await Packer.pack(doc, "uint8array", false, overrides);
  return pinZipDates(zip, date);
}

/**
 * A small XML reader for the structural manifest test: elements, attributes, text, comments and
 * the XML declaration; the five predefined entities and character references. Anything else
 * (DOCTYPE, CDATA, processing instructions past the declaration, mismatched tags) throws, so a
 * manifest this reader cannot fully understand fails the test instead of being half-read.
 * Well-formedness is checked independently by libxml2 itself (`wellFormednessErrors`, below).
 */
import { validateXML, XMLLintOptions } from "xmllint-wasm";
export interface XmlElement {
  /** The qualified name as written, e.g. "bt:Image". */
  name: string;
  /** The name without its prefix, e.g. "Image". */
  localName: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (not its descendants'), trimmed. */
  text: string;
  parent?: XmlElement;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decode(text: string, where: number): string {
  return text.replace(/&([^;]*);/g, (whole, name: string) => {
    if (name.startsWith("#x")) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(parseInt(name.slice(1), 10));
    if (name in ENTITIES) return ENTITIES[name];
    throw new Error(`XML: unknown entity ${whole} near offset ${where}`);
  });
}

function localNameOf(name: string): string {
  const colon = name.indexOf(":");
  return colon < 0 ? name : name.slice(colon + 1);
}

/** Parses a whole document and returns its root element. */
export function parseXml(source: string): XmlElement {
  let position = 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  const text: string[][] = [];

  const fail = (what: string): never => {
    throw new Error(`XML: ${what} at offset ${position}`);
  };

  if (source.charCodeAt(0) === 0xfeff) position = 1;
  if (source.startsWith("<?xml", position)) {
    const end = source.indexOf("?>", position);
    if (end < 0) fail("unterminated XML declaration");
    position = end + 2;
  }

  while (position < source.length) {
    const next = source.indexOf("<", position);
    const chunk = source.slice(position, next < 0 ? source.length : next);
    if (stack.length === 0) {
      if (chunk.trim() !== "") fail("text outside the root element");
    } else {
      text[text.length - 1].push(decode(chunk, position));
    }
    if (next < 0) break;
    position = next;

    if (source.startsWith("<!--", position)) {
      const end = source.indexOf("-->", position + 4);
      if (end < 0) fail("unterminated comment");
      position = end + 3;
      continue;
    }
    if (source.startsWith("<!", position) || source.startsWith("<?", position)) fail("unsupported markup (DOCTYPE, CDATA or processing instruction)");

    if (source.startsWith("</", position)) {
      const match = /^<\/([^\s>]+)\s*>/.exec(source.slice(position));
      if (!match) fail("malformed end tag");
      const element = stack.pop();
      if (!element || element.name !== match![1]) fail(`end tag </${match![1]}> does not close <${element?.name ?? "nothing"}>`);
      element!.text = text.pop()!.join("").trim();
      position += match![0].length;
      continue;
    }

    const tag = /^<([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/.exec(source.slice(position));
    if (!tag) fail("malformed start tag");
    const [whole, name, attributeText, selfClosing] = tag!;
    const attributes: Record<string, string> = {};
    for (const attribute of attributeText.matchAll(/([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      if (attribute[1] in attributes) fail(`duplicate attribute ${attribute[1]}`);
      attributes[attribute[1]] = decode(attribute[2] ?? attribute[3], position);
    }
    const parent = stack[stack.length - 1];
    const element: XmlElement = { name, localName: localNameOf(name), attributes, children: [], text: "", parent };
    if (parent) parent.children.push(element);
    else if (root) fail("a second root element");
    else root = element;
    position += whole.length;
    if (!selfClosing) {
      stack.push(element);
      text.push([]);
    }
  }
  if (stack.length > 0) fail(`<${stack[stack.length - 1].name}> is not closed`);
  if (!root) fail("no root element");
  return root!;
}

/** Every element below (and including) `element`, in document order. */
export function descendants(element: XmlElement): XmlElement[] {
  return [element, ...element.children.flatMap(descendants)];
}

/** Elements with the given local name, anywhere below `element`. */
export function findAll(element: XmlElement, localName: string): XmlElement[] {
  return descendants(element).filter((e) => e.localName === localName);
}

/** The single element with this local name below `element`; throws when there are none or several. */
export function findOne(element: XmlElement, localName: string): XmlElement {
  const found = findAll(element, localName);
  if (found.length !== 1) throw new Error(`expected one <${localName}>, found ${found.length}`);
  return found[0];
}

/** The direct child with this local name; throws when there are none or several. */
export function child(element: XmlElement, localName: string): XmlElement {
  const found = element.children.filter((e) => e.localName === localName);
  if (found.length !== 1) throw new Error(`expected one <${localName}> in <${element.name}>, found ${found.length}`);
  return found[0];
}

/** The local names from `element` up to the root, e.g. ["Image", "Icon", "Control", …]. */
export function ancestry(element: XmlElement): string[] {
  const names: string[] = [];
  for (let e: XmlElement | undefined = element; e; e = e.parent) names.push(e.localName);
  return names;
}

/**
 * What `xmllint --noout` says about a document, run as libxml2 compiled to WebAssembly (the
 * xmllint-wasm devDependency), so the check needs no system program: [] when it is well-formed,
 * else libxml2's messages with their line numbers. With neither a schema nor a normalization the
 * library passes exactly `--noout FILE`; its typings insist on one of the two, hence the cast.
 */
export async function wellFormednessErrors(contents: string, fileName: string): Promise<string[]> {
  const result = await validateXML({ xml: [{ fileName, contents }] } as unknown as XMLLintOptions);
  return result.valid ? [] : result.errors.map((error) => error.rawMessage);
}

/**
 * Text from a cell, made safe to print on a terminal or write in a note: control characters
 * (C0, DEL, C1, which carry terminal escape sequences such as ESC[8m that hide what follows),
 * line and paragraph separators, and the bidirectional overrides and isolates (which reorder what
 * is shown, "Trojan Source") are shown escaped, \n, \t and \r as such and the rest as \xHH or
 * \uHHHH, so the person sees every character that is there and nothing acts on their terminal.
 * Everything else, letters of any script and emoji included, is left as it is.
 */
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;

const NAMED: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

function escaped(character: string): string {
  const named = NAMED[character];
  if (named !== undefined) return named;
  const code = character.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).toUpperCase().padStart(2, "0")}` : `\\u${code.toString(16).toUpperCase().padStart(4, "0")}`;
}

export function visibleText(text: string): string {
  return text.replace(INVISIBLE, escaped);
}

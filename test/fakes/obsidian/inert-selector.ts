/**
 * CSS selector matching for the Node-only inert elements: compound selectors (`tag.cls#id[attr][attr="v"]`),
 * descendant combinators (spaces) and comma lists. Enough for tests that look elements up by class or tag.
 */

/** What the matcher needs from an element. */
export interface MatchableElement {
  readonly localName: string;
  readonly parentElement: MatchableElement | null;
  getAttribute(name: string): string | null;
  readonly classList: { contains(token: string): boolean };
}

interface Compound {
  tag: string | null;
  id: string | null;
  classes: string[];
  attrs: { name: string; value: string | null }[];
}

const TOKEN = /([.#]?[\w-]+)|\[([\w-]+)(?:="?([^"\]]*)"?)?\]|(\*)/g;

function parseCompound(text: string): Compound {
  const compound: Compound = { tag: null, id: null, classes: [], attrs: [] };
  let consumed = "";
  for (const match of text.matchAll(TOKEN)) {
    consumed += match[0];
    const [, simple, attrName, attrValue] = match;
    if (attrName !== undefined) compound.attrs.push({ name: attrName, value: attrValue ?? null });
    else if (simple?.startsWith(".")) compound.classes.push(simple.slice(1));
    else if (simple?.startsWith("#")) compound.id = simple.slice(1);
    else if (simple !== undefined) compound.tag = simple.toLowerCase();
  }
  if (consumed !== text) throw new Error(`The inert DOM does not support the selector "${text}"; use the browser harness.`);
  return compound;
}

function matchesCompound(el: MatchableElement, c: Compound): boolean {
  if (c.tag !== null && c.tag !== el.localName) return false;
  if (c.id !== null && el.getAttribute("id") !== c.id) return false;
  if (!c.classes.every((cls) => el.classList.contains(cls))) return false;
  return c.attrs.every(({ name, value }) => {
    const actual = el.getAttribute(name);
    return value === null ? actual !== null : actual === value;
  });
}

function matchesChain(el: MatchableElement, chain: Compound[]): boolean {
  const last = chain[chain.length - 1];
  if (last === undefined || !matchesCompound(el, last)) return false;
  let rest = chain.slice(0, -1);
  let ancestor = el.parentElement;
  while (rest.length > 0 && ancestor !== null) {
    const wanted = rest[rest.length - 1];
    if (wanted !== undefined && matchesCompound(ancestor, wanted)) rest = rest.slice(0, -1);
    ancestor = ancestor.parentElement;
  }
  return rest.length === 0;
}

/** Whether `el` matches `selector`. */
export function matchesSelector(el: MatchableElement, selector: string): boolean {
  return selector
    .split(",")
    .map((part) => part.trim().split(/\s+/).map(parseCompound))
    .some((chain) => matchesChain(el, chain));
}

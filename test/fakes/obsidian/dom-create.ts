import { InertElement, InertNode, InertText } from "./inert-element";

/**
 * The native element factory underneath Obsidian's `createEl`/`createSvg`. Plugins are linted towards those
 * helpers; this stand-in is where they are implemented, so it needs the native calls they wrap.
 */
type NativeFactory = Pick<Document, "createElement" | "createElementNS">;

function nativeFactory(near?: Node | null): NativeFactory {
  return near?.ownerDocument ?? globalThis.document;
}

/** Whether a real DOM is present (the browser harness) rather than Node. */
export function hasDom(): boolean {
  return typeof globalThis.document !== "undefined";
}

/** Whether a node belongs to the Node-only inert tree. */
export function isInert(node: unknown): boolean {
  return node instanceof InertNode;
}

/** A bare element of the same world as `near`: a real one in the browser, an inert one in Node. */
export function bareElement(tag: string, near?: Node | null): HTMLElement {
  if (isInert(near) || !hasDom()) return new InertElement(tag) as unknown as HTMLElement;
  return nativeFactory(near).createElement(tag);
}

/** A text node of the same world as `near`. */
export function textNode(text: string, near?: Node | null): Node {
  if (isInert(near) || !hasDom()) return new InertText(text) as unknown as Node;
  const win = near?.ownerDocument?.defaultView ?? globalThis.window;
  return new win.Text(text);
}

/** An SVG element of the same world as `near` (inert in Node). */
export function bareSvg(tag: string, near?: Node | null): SVGElement {
  if (isInert(near) || !hasDom()) return new InertElement(tag) as unknown as SVGElement;
  return nativeFactory(near).createElementNS("http://www.w3.org/2000/svg", tag);
}

/** Sets an element's text, or replaces its content with a fragment, as Obsidian's `setText` does. */
export function setElementText(el: Element, value: string | DocumentFragment): void {
  if (typeof value === "string") {
    el.textContent = value;
    return;
  }
  el.textContent = "";
  el.appendChild(value);
}

/** Applies the `DomElementInfo` options common to `createEl` and `createSvg`, then attaches the element. */
export function applyElementInfo<E extends Element>(
  el: E,
  o: DomElementInfo | SvgElementInfo | string | undefined,
  parent: Node | undefined,
): E {
  const info: DomElementInfo = typeof o === "string" ? { cls: o } : (o ?? {});
  if (info.cls !== undefined) {
    const classes = Array.isArray(info.cls) ? info.cls : info.cls.split(" ");
    el.classList.add(...classes.filter((c) => c !== ""));
  }
  if (info.text !== undefined) setElementText(el, info.text);
  for (const [name, value] of Object.entries(info.attr ?? {})) {
    if (value === null) el.removeAttribute(name);
    else el.setAttribute(name, String(value));
  }
  if (info.title !== undefined) el.setAttribute("title", info.title);
  if (info.type !== undefined) el.setAttribute("type", info.type);
  if (info.placeholder !== undefined) el.setAttribute("placeholder", info.placeholder);
  if (info.href !== undefined) el.setAttribute("href", info.href);
  if (info.value !== undefined) (el as unknown as { value: string }).value = info.value;
  const target = info.parent ?? parent;
  if (target !== undefined) {
    if (info.prepend === true) target.insertBefore(el, target.firstChild);
    else target.appendChild(el);
  }
  return el;
}

/** Obsidian's `createEl`: an element with options applied, appended to `parent` (or `o.parent`) if given. */
export function createElement<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  o?: DomElementInfo | string,
  callback?: (el: HTMLElementTagNameMap[K]) => void,
  parent?: Node,
): HTMLElementTagNameMap[K] {
  const near = typeof o === "object" ? (o.parent ?? parent) : parent;
  const el = applyElementInfo(bareElement(tag, near) as HTMLElementTagNameMap[K], o, parent);
  callback?.(el);
  return el;
}

/** Obsidian's `createSvg`. */
export function createSvgElement<K extends keyof SVGElementTagNameMap>(
  tag: K,
  o?: SvgElementInfo | string,
  callback?: (el: SVGElementTagNameMap[K]) => void,
  parent?: Node,
): SVGElementTagNameMap[K] {
  const near = typeof o === "object" ? (o.parent ?? parent) : parent;
  const el = applyElementInfo(bareSvg(tag, near) as SVGElementTagNameMap[K], o, parent);
  callback?.(el);
  return el;
}

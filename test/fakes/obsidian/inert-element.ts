import { matchesSelector } from "./inert-selector";

/**
 * A Node-only stand-in for DOM elements, so UI classes can be constructed and inspected in vitest's node
 * environment. It covers tree building, text, classes, attributes, inline style, form values and non-bubbling
 * events (Node's EventTarget); layout, focus order and bubbling exist only in the browser harness.
 */
export class InertNode extends EventTarget {
  /** The parent element; `null` while detached. */
  parentNode: InertElement | null = null;

  get parentElement(): InertElement | null {
    return this.parentNode;
  }

  remove(): void {
    this.parentNode?.removeChild(this);
  }
}

/** A text node. */
export class InertText extends InertNode {
  readonly nodeType = 3;
  constructor(public data: string) {
    super();
  }
  get textContent(): string {
    return this.data;
  }
  set textContent(value: string) {
    this.data = value;
  }
}

/** A style declaration: named properties plus `setProperty`/`getPropertyValue`/`removeProperty`. */
export class InertStyle {
  [property: string]: unknown;
  setProperty(name: string, value: string | null): void {
    if (value === null || value === "") delete this[name];
    else this[name] = value;
  }
  getPropertyValue(name: string): string {
    const value = this[name];
    return typeof value === "string" ? value : "";
  }
  removeProperty(name: string): string {
    const old = this.getPropertyValue(name);
    delete this[name];
    return old;
  }
}

let focused: InertElement | null = null;

/** An element of the inert tree. Reflected attributes: id, title, type, placeholder, href, name. */
export class InertElement extends InertNode {
  readonly nodeType: number = 1;
  readonly localName: string;
  readonly tagName: string;
  readonly childNodes: InertNode[] = [];
  readonly style = new InertStyle();
  readonly classList: DOMTokenList;
  /** Form state, as the browser keeps it on inputs, selects and buttons. */
  value = "";
  checked = false;
  disabled = false;
  private readonly attrs = new Map<string, string>();

  constructor(tag: string) {
    super();
    this.localName = tag.toLowerCase();
    this.tagName = tag.toUpperCase();
    this.classList = makeClassList(this);
  }

  get children(): InertElement[] {
    return this.childNodes.filter((n): n is InertElement => n instanceof InertElement);
  }
  get firstChild(): InertNode | null {
    return this.childNodes[0] ?? null;
  }
  get lastChild(): InertNode | null {
    return this.childNodes[this.childNodes.length - 1] ?? null;
  }
  get textContent(): string {
    return this.childNodes.map((n) => (n as InertText | InertElement).textContent).join("");
  }
  set textContent(text: string) {
    for (const child of [...this.childNodes]) child.remove();
    if (text !== "") this.appendChild(new InertText(text));
  }
  get innerText(): string {
    return this.textContent;
  }
  get className(): string {
    return this.getAttribute("class") ?? "";
  }
  set className(value: string) {
    this.setAttribute("class", value);
  }

  getAttribute(name: string): string | null {
    return this.attrs.get(name) ?? null;
  }
  setAttribute(name: string, value: string): void {
    this.attrs.set(name, String(value));
  }
  removeAttribute(name: string): void {
    this.attrs.delete(name);
  }
  hasAttribute(name: string): boolean {
    return this.attrs.has(name);
  }

  appendChild<T extends InertNode>(node: T): T {
    node.remove();
    node.parentNode = this;
    this.childNodes.push(node);
    return node;
  }
  insertBefore<T extends InertNode>(node: T, ref: InertNode | null): T {
    if (ref === null) return this.appendChild(node);
    node.remove();
    node.parentNode = this;
    this.childNodes.splice(this.childNodes.indexOf(ref), 0, node);
    return node;
  }
  append(...nodes: (InertNode | string)[]): void {
    for (const n of nodes) this.appendChild(typeof n === "string" ? new InertText(n) : n);
  }
  prepend(...nodes: (InertNode | string)[]): void {
    const first = this.firstChild;
    for (const n of nodes) this.insertBefore(typeof n === "string" ? new InertText(n) : n, first);
  }
  removeChild<T extends InertNode>(node: T): T {
    const index = this.childNodes.indexOf(node);
    if (index >= 0) this.childNodes.splice(index, 1);
    node.parentNode = null;
    return node;
  }
  replaceChildren(...nodes: (InertNode | string)[]): void {
    this.textContent = "";
    this.append(...nodes);
  }
  contains(node: InertNode | null): boolean {
    for (let n = node; n !== null; n = n.parentNode) if (n === this) return true;
    return false;
  }

  matches(selector: string): boolean {
    return matchesSelector(this, selector);
  }
  closest(selector: string): InertElement | null {
    if (this.matches(selector)) return this;
    for (let el = this.parentNode; el !== null; el = el.parentNode) if (el.matches(selector)) return el;
    return null;
  }
  querySelectorAll(selector: string): InertElement[] {
    const found: InertElement[] = [];
    const walk = (el: InertElement): void => {
      for (const child of el.children) {
        if (child.matches(selector)) found.push(child);
        walk(child);
      }
    };
    walk(this);
    return found;
  }
  querySelector(selector: string): InertElement | null {
    return this.querySelectorAll(selector)[0] ?? null;
  }

  focus(): void {
    setFocused(this);
  }
  blur(): void {
    if (focused === this) setFocused(null);
  }
  click(): void {
    this.dispatchEvent(new Event("click"));
  }
  scrollIntoView(): void {
    // No layout in Node.
  }
}

for (const name of ["id", "title", "type", "placeholder", "href", "name"]) {
  Object.defineProperty(InertElement.prototype, name, {
    get(this: InertElement) {
      return this.getAttribute(name) ?? "";
    },
    set(this: InertElement, value: string) {
      this.setAttribute(name, value);
    },
  });
}

function setFocused(el: InertElement | null): void {
  focused = el;
}

/** The inert element that last received `focus()`, if still focused. */
export function inertActiveElement(): InertElement | null {
  return focused;
}

function makeClassList(el: InertElement): DOMTokenList {
  const read = (): string[] => el.className.split(/\s+/).filter((c) => c !== "");
  const write = (classes: string[]): void => el.setAttribute("class", [...new Set(classes)].join(" "));
  const list = {
    add: (...tokens: string[]) => write([...read(), ...tokens]),
    remove: (...tokens: string[]) => write(read().filter((c) => !tokens.includes(c))),
    contains: (token: string) => read().includes(token),
    toggle: (token: string, force?: boolean) => {
      const on = force ?? !read().includes(token);
      if (on) list.add(token);
      else list.remove(token);
      return on;
    },
    get length() {
      return read().length;
    },
    [Symbol.iterator]: () => read()[Symbol.iterator](),
  };
  return list as unknown as DOMTokenList;
}

import { createElement, createSvgElement, isInert, setElementText, textNode } from "./dom-create";
import { InertElement, InertNode } from "./inert-element";
import { installPrototypeExtensions } from "./prototype-extensions";

type Listener = (this: HTMLElement, ev: Event, delegateTarget: HTMLElement) => unknown;

const delegated = new WeakMap<Listener, EventListener>();

/** The helpers Obsidian adds to `Node.prototype`. */
const nodeMethods = {
  createEl<K extends keyof HTMLElementTagNameMap>(
    this: Node,
    tag: K,
    o?: DomElementInfo | string,
    cb?: (el: HTMLElementTagNameMap[K]) => void,
  ) {
    return createElement(tag, o, cb, this);
  },
  createDiv(this: Node, o?: DomElementInfo | string, cb?: (el: HTMLDivElement) => void) {
    return createElement("div", o, cb, this);
  },
  createSpan(this: Node, o?: DomElementInfo | string, cb?: (el: HTMLSpanElement) => void) {
    return createElement("span", o, cb, this);
  },
  createSvg<K extends keyof SVGElementTagNameMap>(
    this: Node,
    tag: K,
    o?: SvgElementInfo | string,
    cb?: (el: SVGElementTagNameMap[K]) => void,
  ) {
    return createSvgElement(tag, o, cb, this);
  },
  empty(this: Node) {
    while (this.firstChild) this.removeChild(this.firstChild);
  },
  detach(this: Node) {
    this.parentNode?.removeChild(this);
  },
  appendText(this: Node, val: string) {
    this.appendChild(textNode(val, this));
  },
  instanceOf(this: Node, type: abstract new (...args: never[]) => unknown) {
    // Cross-window as in Obsidian: a node from another window matches its own window's class of the same name.
    const own = (this.ownerDocument?.defaultView as Record<string, unknown> | null | undefined)?.[type.name];
    const proto: unknown = typeof own === "function" ? (own as { prototype: unknown }).prototype : type.prototype;
    return Object.prototype.isPrototypeOf.call(type.prototype, this) || Object.prototype.isPrototypeOf.call(proto, this);
  },
};

/** The helpers Obsidian adds to `Element.prototype`. */
const elementMethods = {
  getText(this: Element) {
    return this.textContent ?? "";
  },
  setText(this: Element, val: string | DocumentFragment) {
    setElementText(this, val);
  },
  addClass(this: Element, ...classes: string[]) {
    this.classList.add(...classes);
  },
  addClasses(this: Element, classes: string[]) {
    this.classList.add(...classes);
  },
  removeClass(this: Element, ...classes: string[]) {
    this.classList.remove(...classes);
  },
  removeClasses(this: Element, classes: string[]) {
    this.classList.remove(...classes);
  },
  toggleClass(this: Element, classes: string | string[], value: boolean) {
    for (const cls of typeof classes === "string" ? [classes] : classes) this.classList.toggle(cls, value);
  },
  hasClass(this: Element, cls: string) {
    return this.classList.contains(cls);
  },
  setAttr(this: Element, name: string, value: string | number | boolean | null) {
    if (value === null) this.removeAttribute(name);
    else this.setAttribute(name, String(value));
  },
  setAttrs(this: Element, obj: Record<string, string | number | boolean | null>) {
    for (const [name, value] of Object.entries(obj)) elementMethods.setAttr.call(this, name, value);
  },
  getAttr(this: Element, name: string) {
    return this.getAttribute(name);
  },
  matchParent(this: Element, selector: string, lastParent?: Element) {
    if (this.matches(selector)) return this;
    for (let el = this.parentElement; el !== null && el !== lastParent; el = el.parentElement) {
      if (el.matches(selector)) return el;
    }
    return null;
  },
  find,
  findAll,
};

function find(this: ParentNode, selector: string): Element | null {
  return this.querySelector(selector);
}

function findAll(this: ParentNode, selector: string): Element[] {
  return Array.from(this.querySelectorAll(selector));
}

function setCssStyles(this: ElementCSSInlineStyle, styles: Partial<CSSStyleDeclaration>): void {
  for (const [name, value] of Object.entries(styles)) (this.style as unknown as Record<string, unknown>)[name] = value;
}

function setCssProps(this: ElementCSSInlineStyle, props: Record<string, string>): void {
  for (const [name, value] of Object.entries(props)) this.style.setProperty(name, value);
}

/** The helpers Obsidian adds to `HTMLElement.prototype`. */
const htmlMethods = {
  show(this: HTMLElement) {
    this.toggle(true);
  },
  hide(this: HTMLElement) {
    this.toggle(false);
  },
  toggle(this: HTMLElement, show: boolean) {
    this.style.setProperty("display", show ? "" : "none");
  },
  toggleVisibility(this: HTMLElement, visible: boolean) {
    this.style.setProperty("visibility", visible ? "" : "hidden");
  },
  isShown(this: HTMLElement) {
    // The browser answers from layout; inert elements have none, so check for a hidden ancestor instead.
    if (!isInert(this)) return this.offsetParent !== null;
    if (this.style.getPropertyValue("display") === "none") return false;
    for (let el = this.parentElement; el !== null; el = el.parentElement) {
      if (el.style.getPropertyValue("display") === "none") return false;
    }
    return true;
  },
  setCssStyles,
  setCssProps,
  onClickEvent(this: HTMLElement, listener: (ev: MouseEvent) => unknown, options?: boolean | AddEventListenerOptions) {
    // Obsidian also listens to auxclick, so middle-clicks reach the same handler.
    this.addEventListener("click", listener as EventListener, options);
    this.addEventListener("auxclick", listener as EventListener, options);
  },
  on(this: HTMLElement, type: string, selector: string, listener: Listener, options?: boolean | AddEventListenerOptions) {
    const wrapper = (ev: Event): void => {
      const target = ev.target instanceof Element ? ev.target.closest(selector) : null;
      if (target !== null && this.contains(target)) listener.call(this, ev, target as HTMLElement);
    };
    delegated.set(listener, wrapper);
    this.addEventListener(type, wrapper, options);
  },
  off(this: HTMLElement, type: string, _selector: string, listener: Listener, options?: boolean | AddEventListenerOptions) {
    const wrapper = delegated.get(listener);
    if (wrapper) this.removeEventListener(type, wrapper, options);
  },
  trigger(this: HTMLElement, eventType: string) {
    this.dispatchEvent(new Event(eventType));
  },
};

function define(target: object, methods: object): void {
  for (const [name, value] of Object.entries(methods)) {
    Object.defineProperty(target, name, { value, configurable: true, writable: true, enumerable: false });
  }
}

// Inert elements always carry the helpers, so UI classes built in Node can use them.
define(InertNode.prototype, nodeMethods);
define(InertElement.prototype, { ...elementMethods, ...htmlMethods });

/**
 * Installs Obsidian's DOM helpers on a browser window: the prototype methods above, `doc`/`win` on nodes, the
 * globals `createEl`, `createDiv`, `createSpan`, `createSvg`, `createFragment`, `activeWindow`, `activeDocument`,
 * `sleep`, `nextFrame`, and Obsidian's small Array/String/Math/Object extensions. Only for a real DOM.
 */
export function installDomHelpers(win: Window & typeof globalThis): void {
  define(win.Node.prototype, nodeMethods);
  define(win.Element.prototype, elementMethods);
  define(win.HTMLElement.prototype, htmlMethods);
  define(win.SVGElement.prototype, { setCssStyles, setCssProps });
  define(win.DocumentFragment.prototype, { find, findAll });
  Object.defineProperty(win.Node.prototype, "doc", {
    configurable: true,
    get(this: Node) {
      return this.ownerDocument ?? this;
    },
  });
  Object.defineProperty(win.Node.prototype, "win", {
    configurable: true,
    get(this: Node) {
      return (this.ownerDocument ?? (this as Document)).defaultView ?? win;
    },
  });
  define(win, {
    createEl: <K extends keyof HTMLElementTagNameMap>(
      tag: K,
      o?: DomElementInfo | string,
      cb?: (el: HTMLElementTagNameMap[K]) => void,
    ) => createElement(tag, o, cb),
    createDiv: (o?: DomElementInfo | string, cb?: (el: HTMLDivElement) => void) => createElement("div", o, cb),
    createSpan: (o?: DomElementInfo | string, cb?: (el: HTMLSpanElement) => void) => createElement("span", o, cb),
    createSvg: <K extends keyof SVGElementTagNameMap>(
      tag: K,
      o?: SvgElementInfo | string,
      cb?: (el: SVGElementTagNameMap[K]) => void,
    ) => createSvgElement(tag, o, cb),
    createFragment: (cb?: (el: DocumentFragment) => void) => {
      const fragment = new win.DocumentFragment();
      cb?.(fragment);
      return fragment;
    },
    activeWindow: win,
    activeDocument: win.document,
    sleep: (ms: number) => new Promise<void>((resolve) => win.setTimeout(resolve, ms)),
    nextFrame: () => new Promise<void>((resolve) => win.requestAnimationFrame(() => resolve())),
  });
  installPrototypeExtensions(win);
}

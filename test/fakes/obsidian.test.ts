import { afterEach, describe, expect, it, vi } from "vitest";
import {
  Component,
  debounce,
  Events,
  InMemoryAdapter,
  normalizePath,
  parseLinktext,
  RequestUrlError,
  requestUrl,
  setRequestTransport,
} from "./obsidian";

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  setRequestTransport(null);
});

describe("normalizePath", () => {
  it.each([
    ["a//b///c.md", "a/b/c.md"],
    ["/a/b/", "a/b"],
    ["\\a\\\\b\\c.md", "a/b/c.md"],
    ["", "/"],
    ["///", "/"],
    ["a\u00A0b/c\u202Fd.md", "a b/c d.md"],
  ])("normalises %j to %j", (input, expected) => {
    expect(normalizePath(input)).toBe(expected);
  });

  it("composes Unicode to NFC", () => {
    expect(normalizePath("cafe\u0301.md")).toBe("caf\u00e9.md");
  });

  it("splits link text into path and subpath", () => {
    expect(parseLinktext("Note#Heading")).toEqual({ path: "Note", subpath: "#Heading" });
    expect(parseLinktext("Note")).toEqual({ path: "Note", subpath: "" });
  });
});

describe("Events", () => {
  it("calls handlers in order with their context, and stops after off/offref", () => {
    const events = new Events();
    const seen: string[] = [];
    const ctx = { name: "ctx" };
    const first = function (this: typeof ctx, value: string) {
      seen.push(`${this.name}:${value}`);
    };
    events.on("x", first, ctx);
    const ref = events.on("x", (value: string) => seen.push(`second:${value}`));
    events.trigger("x", "a");
    events.off("x", first);
    events.trigger("x", "b");
    events.offref(ref);
    events.trigger("x", "c");
    expect(seen).toEqual(["ctx:a", "second:a", "second:b"]);
  });

  it("logs a throwing handler and still runs the others; handlers added meanwhile wait for the next trigger", () => {
    const events = new Events();
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const seen: string[] = [];
    events.on("x", () => {
      events.on("x", () => seen.push("late"));
      throw new Error("boom");
    });
    events.on("x", () => seen.push("after"));
    events.trigger("x");
    expect(seen).toEqual(["after"]);
    expect(error).toHaveBeenCalledTimes(1);
    events.trigger("x");
    expect(seen).toContain("late");
  });
});

describe("Component", () => {
  it("loads children, and unloads children, then cleanups (last first), then itself", () => {
    const log: string[] = [];
    class Part extends Component {
      constructor(private readonly label: string) {
        super();
      }
      override onload(): void {
        log.push(`load ${this.label}`);
        this.register(() => log.push(`cleanup ${this.label}`));
      }
      override onunload(): void {
        log.push(`unload ${this.label}`);
      }
    }
    const parent = new Part("parent");
    parent.addChild(new Part("child"));
    parent.load();
    parent.addChild(new Part("late"));
    parent.load();
    parent.unload();
    expect(log).toEqual([
      "load parent",
      "load child",
      "load late",
      "cleanup late",
      "unload late",
      "cleanup child",
      "unload child",
      "cleanup parent",
      "unload parent",
    ]);
  });

  it("detaches registered events, DOM listeners and intervals on unload", () => {
    vi.useFakeTimers();
    const events = new Events();
    const target = new EventTarget();
    let count = 0;
    const c = new Component();
    c.load();
    c.registerEvent(events.on("x", () => count++));
    c.registerDomEvent(target as unknown as HTMLElement, "click", () => count++);
    c.registerInterval(setInterval(() => count++, 10) as unknown as number);
    events.trigger("x");
    target.dispatchEvent(new Event("click"));
    vi.advanceTimersByTime(10);
    expect(count).toBe(3);
    c.unload();
    events.trigger("x");
    target.dispatchEvent(new Event("click"));
    vi.advanceTimersByTime(100);
    expect(count).toBe(3);
  });
});

describe("debounce", () => {
  it("runs once per burst with the latest arguments, timed from the first call", () => {
    vi.useFakeTimers();
    const calls: number[] = [];
    const d = debounce((n: number) => calls.push(n), 100);
    d(1);
    vi.advanceTimersByTime(60);
    d(2);
    vi.advanceTimersByTime(40);
    expect(calls).toEqual([2]);
    vi.advanceTimersByTime(500);
    expect(calls).toEqual([2]);
  });

  it("restarts the wait on every call with resetTimer", () => {
    vi.useFakeTimers();
    const calls: number[] = [];
    const d = debounce((n: number) => calls.push(n), 100, true);
    d(1);
    vi.advanceTimersByTime(60);
    d(2);
    vi.advanceTimersByTime(60);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(40);
    expect(calls).toEqual([2]);
  });

  it("cancels a pending call, and runs one immediately with run()", () => {
    vi.useFakeTimers();
    const d = debounce((n: number) => n * 10, 100);
    d(1).cancel();
    expect(d.run()).toBeUndefined();
    d(3);
    expect(d.run()).toBe(30);
    expect(d.run()).toBeUndefined();
  });
});

describe("requestUrl", () => {
  it("returns status, lower-cased headers, text and lazily parsed JSON, sending contentType as a header", async () => {
    const transport = vi.fn(async (_url: string, _init: RequestInit) => Response.json({ ok: 1 }, { headers: { "X-Thing": "y" } }));
    setRequestTransport(transport);
    const res = await requestUrl({ url: "http://h/api", method: "POST", contentType: "application/json", body: "{}" });
    expect(res.status).toBe(200);
    expect(res.headers["x-thing"]).toBe("y");
    expect(res.json).toEqual({ ok: 1 });
    expect(JSON.parse(res.text)).toEqual({ ok: 1 });
    expect(transport.mock.calls[0]?.[1]).toMatchObject({ method: "POST", headers: { "Content-Type": "application/json" } });
    expect(await requestUrl("http://h/api").json).toEqual({ ok: 1 });
  });

  it("rejects on 400+ unless throw is false", async () => {
    setRequestTransport(async () => new Response("missing", { status: 404 }));
    await expect(requestUrl("http://h/x")).rejects.toBeInstanceOf(RequestUrlError);
    await expect(requestUrl("http://h/x")).rejects.toMatchObject({ status: 404 });
    const res = await requestUrl({ url: "http://h/x", throw: false });
    expect([res.status, res.text]).toEqual([404, "missing"]);
    expect(() => res.json as unknown).toThrow(SyntaxError);
  });
});

describe("InMemoryAdapter", () => {
  it("writes only into existing folders, lists, stats in bytes and reads back", async () => {
    const adapter = new InMemoryAdapter("v", () => 1234);
    await expect(adapter.write("a/b.md", "x")).rejects.toMatchObject({ code: "ENOENT" });
    await adapter.mkdir("a/deep");
    await adapter.write("a/b.md", "h\u00e9");
    await adapter.writeBinary("a/bin", new Uint8Array([1, 2, 3]).buffer);
    expect(await adapter.list("a")).toEqual({ files: ["a/b.md", "a/bin"], folders: ["a/deep"] });
    expect(await adapter.stat("a/b.md")).toEqual({ type: "file", ctime: 1234, mtime: 1234, size: 3 });
    expect(await adapter.read("a/b.md")).toBe("h\u00e9");
    expect([...new Uint8Array(await adapter.readBinary("a/bin"))]).toEqual([1, 2, 3]);
    expect(await adapter.process("a/b.md", (s) => s + "!")).toBe("h\u00e9!");
    await adapter.append("a/b.md", "?");
    expect(await adapter.read("a/b.md")).toBe("h\u00e9!?");
    await expect(adapter.read("nope")).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("renames folders with their contents, refuses to overwrite, and trashes into .trash", async () => {
    const adapter = new InMemoryAdapter();
    await adapter.mkdir("f/g");
    await adapter.write("f/g/n.md", "n");
    await adapter.write("other.md", "o");
    await adapter.rename("f", "h");
    expect(await adapter.exists("h/g/n.md")).toBe(true);
    expect(await adapter.exists("f/g/n.md")).toBe(false);
    await expect(adapter.rename("other.md", "h/g/n.md")).rejects.toThrow("Destination file already exists!");
    await expect(adapter.copy("other.md", "h/g/n.md")).rejects.toMatchObject({ code: "EEXIST" });
    await expect(adapter.rmdir("h", false)).rejects.toMatchObject({ code: "ENOTEMPTY" });
    expect(await adapter.trashSystem()).toBe(false);
    await adapter.trashLocal("other.md");
    expect((await adapter.list(".trash")).files).toEqual([".trash/other.md"]);
    await adapter.rmdir("h", true);
    expect(await adapter.exists("h/g")).toBe(false);
  });
});

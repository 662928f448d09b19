import { describe, expect, it } from "vitest";
import { cleanInline, type InlineSink } from "../../../src/core/chunk/inline-cleanup";

function clean(line: string, mode: "index" | "display" = "index"): { text: string; sink: InlineSink } {
  const sink: InlineSink = { links: [], tags: [] };
  return { text: cleanInline(line, sink, mode), sink };
}

describe("cleanInline", () => {
  it("indexes wikilink targets, headings and aliases", () => {
    expect(clean("see [[target|alias]] now").text).toBe("see target alias now");
    expect(clean("[[target#heading|alias]]").text).toBe("target heading alias");
    expect(clean("[[target]]").text).toBe("target");
    expect(clean("[[target#h1#h2]]").text).toBe("target h1 h2");
    expect(clean("[[#Local heading]]").text).toBe("Local heading");
    expect(clean("[[folder/note.md|n]]").sink.links).toEqual(["folder/note.md"]);
  });

  it("drops block ids from links and from line ends", () => {
    expect(clean("[[target#^abc123]]").text).toBe("target");
    expect(clean("a statement ^blockid").text).toBe("a statement");
  });

  it("records link targets without their heading part", () => {
    expect(clean("[[a|x]] [[b#h]] [[#local]]").sink.links).toEqual(["a", "b"]);
  });

  it("shows what Obsidian shows in display mode", () => {
    expect(clean("Meeting with [[John Smith|John]]", "display").text).toBe("Meeting with John");
    expect(clean("[[note#part]]", "display").text).toBe("note > part");
  });

  it("removes embeds", () => {
    const r = clean("before ![[image.png]] ![alt](pic.png) ![x](<a b.png> \"t\") after");
    expect(r.text).toBe("before after");
    expect(r.sink.links).toEqual([]);
  });

  it("keeps markdown link text and drops the url", () => {
    expect(clean("read [the docs](https://example.com/a_(b)#x \"Title\") today").text).toBe("read the docs today");
  });

  it("handles escaped pipes in table wikilinks", () => {
    expect(clean("[[target\\|alias]]").text).toBe("target alias");
  });

  it("finds inline tags but not headings, URL fragments, entities or numbers", () => {
    const r = clean("#Start text #project/sub, (#paren) https://x.org/p#frag &#38; #123 #y2024 C# ##");
    expect(r.sink.tags).toEqual(["start", "project/sub", "paren", "y2024"]);
  });

  it("finds CJK tags", () => {
    expect(clean("メモ #日本語タグ です").sink.tags).toEqual(["日本語タグ"]);
  });

  it("keeps inline code content and ignores links and tags in it", () => {
    const r = clean("run `git log #1 [[x]]` and ``a `b` c``");
    expect(r.text).toBe("run git log #1 [[x]] and a `b` c");
    expect(r.sink).toEqual({ links: [], tags: [] });
  });

  it("collapses the spaces that removals leave behind", () => {
    expect(clean("a  ![[x]]  b").text).toBe("a b");
  });
});

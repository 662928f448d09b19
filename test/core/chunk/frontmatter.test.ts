import { describe, expect, it } from "vitest";
import { readFrontmatter } from "../../../src/core/chunk/frontmatter";
import { parseYamlSubset } from "../../../src/core/chunk/yaml-subset";

const fm = (text: string) => readFrontmatter(text.split("\n"));

describe("parseYamlSubset", () => {
  it("reads scalars, quoted strings, inline and block lists", () => {
    const doc = parseYamlSubset([
      "title: Plain title # a comment",
      'quoted: "a \\"b\\" # not a comment"',
      "single: 'it''s'",
      'inline: [one, "two, three", \'four\']',
      "block:",
      "- x",
      "- y",
      "indented:",
      "  - z",
      "empty:",
      "tilde: ~",
      "time: 10:30",
    ]);
    expect(doc.problems).toEqual([]);
    expect(Object.fromEntries(doc.values)).toEqual({
      title: "Plain title",
      quoted: 'a "b" # not a comment',
      single: "it's",
      inline: ["one", "two, three", "four"],
      block: ["x", "y"],
      indented: ["z"],
      empty: null,
      tilde: null,
      time: "10:30",
    });
  });

  it("skips nested maps, flow maps and block scalars without complaint", () => {
    const doc = parseYamlSubset(["nested:", "  a: 1", "  b:", "    - c", "map: {a: 1}", "text: |", "  line 1", "  line 2", "after: ok"]);
    expect(doc.problems).toEqual([]);
    expect(doc.values.get("nested")).toBeNull();
    expect(doc.values.get("map")).toBeNull();
    expect(doc.values.get("text")).toBe("line 1\nline 2");
    expect(doc.values.get("after")).toBe("ok");
  });

  it("joins a flow list continued on indented lines", () => {
    const doc = parseYamlSubset(["tags: [a,", "  b, c]"]);
    expect(doc.values.get("tags")).toEqual(["a", "b", "c"]);
    expect(doc.problems).toEqual([]);
  });

  it("ends a plain key at the first colon followed by a space", () => {
    const doc = parseYamlSubset(["source: https://example.com/a:b", "ratio:1", '"quoted: key": v', "- a: b"]);
    expect(doc.values.get("source")).toBe("https://example.com/a:b");
    expect(doc.values.get("quoted: key")).toBe("v");
    expect(doc.problems.map((p) => p.index)).toEqual([1, 3]);
  });

  it("reports unreadable lines and keeps reading", () => {
    const doc = parseYamlSubset(["title: ok", "this line has no colon", "tags: [a, b", "x: 'open", "title: again"]);
    expect(doc.problems.map((p) => p.index)).toEqual([1, 2, 3, 4]);
    expect(doc.values.get("title")).toBe("again");
    expect(doc.values.get("tags")).toEqual(["a", "b"]);
  });
});

describe("readFrontmatter", () => {
  it("takes title, aliases and tags and starts the body after the block", () => {
    const f = fm("---\ntitle: The Title\naliases: [One, Two]\ntags: [Project, '#Work/Sub']\n---\nbody");
    expect(f).toEqual({
      title: "The Title",
      aliases: ["One", "Two"],
      tags: ["project", "work/sub"],
      bodyStart: 5,
      warnings: [],
    });
  });

  it("accepts alias/tag spellings and comma or space separated strings", () => {
    const f = fm("---\nalias: Solo, Other\ntag: '#A b,c'\ntags:\n  - d\n---");
    expect(f.aliases).toEqual(["Solo", "Other"]);
    expect(f.tags).toEqual(["d", "a", "b", "c"]);
  });

  it("keeps commas inside list aliases", () => {
    expect(fm('---\naliases:\n  - "Smith, John"\n---').aliases).toEqual(["Smith, John"]);
  });

  it("matches property names case-insensitively and ignores an empty title", () => {
    const f = fm("---\nTitle: ''\nTags: x\n---");
    expect(f.title).toBeUndefined();
    expect(f.tags).toEqual(["x"]);
  });

  it("has no frontmatter unless the first line is ---", () => {
    expect(fm("\n---\ntitle: x\n---").bodyStart).toBe(0);
    expect(fm("text\n---").bodyStart).toBe(0);
    expect(fm("").bodyStart).toBe(0);
  });

  it("treats an unclosed block as body and warns", () => {
    const f = fm("---\ntitle: x\nmore text");
    expect(f.bodyStart).toBe(0);
    expect(f.title).toBeUndefined();
    expect(f.warnings).toHaveLength(1);
    expect(f.warnings[0]?.code).toBe("FRONTMATTER_UNCLOSED");
  });

  it("skips a malformed block, warns with the file line, and keeps readable properties", () => {
    const f = fm("---\ntitle: Still here\n: : broken\n  stray indent\n---\nbody");
    expect(f.bodyStart).toBe(5);
    expect(f.title).toBe("Still here");
    expect(f.warnings.map((w) => [w.code, w.line])).toEqual([
      ["FRONTMATTER_INVALID", 2],
      ["FRONTMATTER_INVALID", 3],
    ]);
    expect(f.warnings[0]?.message).toContain("line 3");
  });

  it("accepts trailing spaces on the delimiters", () => {
    expect(fm("---  \ntitle: t\n--- \nbody").title).toBe("t");
  });
});

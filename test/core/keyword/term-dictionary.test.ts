import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { TermDictionary } from "../../../src/core/keyword/term-dictionary";

describe("TermDictionary", () => {
  it("lists the terms in use with a prefix, in order, through adds, removes and re-adds", () => {
    const used = new Set<string>();
    const dict = new TermDictionary((t) => used.has(t));
    const add = (t: string) => {
      used.add(t);
      dict.add(t);
    };
    const drop = (t: string) => {
      used.delete(t);
      dict.remove();
    };
    for (const t of ["project", "proj", "apple", "projection", "prose"]) add(t);
    expect(dict.withPrefix("proj")).toEqual(["proj", "project", "projection"]);
    drop("project");
    expect(dict.withPrefix("proj")).toEqual(["proj", "projection"]);
    add("project");
    add("projector");
    expect(dict.withPrefix("proj")).toEqual(["proj", "project", "projection", "projector"]);
    expect(dict.withPrefix("zzz")).toEqual([]);
    expect(dict.terms()).toEqual(["apple", "proj", "project", "projection", "projector", "prose"]);
  });

  it("agrees with filtering the sorted vocabulary, for any history", () => {
    const op = fc.record({ add: fc.boolean(), term: fc.stringMatching(/^[ab]{1,4}$/) });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), fc.stringMatching(/^[ab]{0,2}$/), (ops, prefix) => {
        const used = new Set<string>();
        const dict = new TermDictionary((t) => used.has(t));
        for (const o of ops) {
          if (o.add && !used.has(o.term)) {
            used.add(o.term);
            dict.add(o.term);
          } else if (!o.add && used.delete(o.term)) dict.remove();
        }
        const expected = [...used].filter((t) => t.startsWith(prefix)).sort();
        expect(dict.withPrefix(prefix)).toEqual(expected);
      }),
    );
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countWords, parseQuery, type ParsedQuery } from "../../../src/core/search/query-parser";

const EMPTY: ParsedQuery = {
  text: "",
  phrases: [],
  boostedPhrases: [],
  excluded: [],
  paths: [],
  tags: [],
  dates: [],
  invalidDates: [],
  isKeywordLike: true,
  isEmpty: true,
};

describe("parseQuery: free text", () => {
  it("passes plain words through, with whitespace runs collapsed", () => {
    expect(parseQuery("  how do   vector\tindexes work ")).toEqual({
      ...EMPTY,
      text: "how do vector indexes work",
      isKeywordLike: false,
      isEmpty: false,
    });
  });

  it("treats an empty or blank query as empty", () => {
    expect(parseQuery("")).toEqual(EMPTY);
    expect(parseQuery(" \t\n ")).toEqual(EMPTY);
  });

  it("keeps hyphenated words as text, not exclusions", () => {
    const q = parseQuery("covid-19 e-mail well-known");
    expect(q.text).toBe("covid-19 e-mail well-known");
    expect(q.excluded).toEqual([]);
  });

  it("ignores a lone - and runs of dashes, and keeps --flag as text", () => {
    const q = parseQuery("a - b -- c --- --verbose");
    expect(q.text).toBe("a b c --verbose");
    expect(q.excluded).toEqual([]);
  });

  it("passes CJK text through unchanged", () => {
    expect(parseQuery("机器学习的基本原理").text).toBe("机器学习的基本原理");
    expect(parseQuery("東京 タワー").text).toBe("東京 タワー");
  });

  it("drops quote marks inside a word", () => {
    expect(parseQuery('a 5" screen').text).toBe("a 5 screen");
    expect(parseQuery('foo"bar').text).toBe("foo bar");
  });
});

describe("parseQuery: phrases", () => {
  it("collects quoted phrases and puts their words in the text", () => {
    const q = parseQuery('the "exact  phrase" here "second one"');
    expect(q.phrases).toEqual(["exact  phrase", "second one"]);
    expect(q.text).toBe("the exact phrase here second one");
    expect(q.isKeywordLike).toBe(true);
  });

  it("trims a phrase and ignores an empty one", () => {
    expect(parseQuery('"  padded "').phrases).toEqual(["padded"]);
    expect(parseQuery('"" "   " word')).toEqual({ ...parseQuery("word") });
  });

  it("makes the rest of the query the phrase when a quote is left open", () => {
    const q = parseQuery('find "unclosed phrase -not path:x');
    expect(q.phrases).toEqual(["unclosed phrase -not path:x"]);
    expect(q.text).toBe("find unclosed phrase -not path:x");
    expect(q.excluded).toEqual([]);
    expect(q.paths).toEqual([]);
    expect(parseQuery('"').phrases).toEqual([]);
  });

  it("accepts curly quotes from phone keyboards", () => {
    expect(parseQuery("“smart quotes” „deutsche Zitate“").phrases).toEqual(["smart quotes", "deutsche Zitate"]);
  });

  it("lists a repeated phrase once", () => {
    expect(parseQuery('"a b" "a b"').phrases).toEqual(["a b"]);
  });

  it("starts a new token right after a closing quote", () => {
    const q = parseQuery('"a b"c');
    expect(q.phrases).toEqual(["a b"]);
    expect(q.text).toBe("a b c");
  });
});

describe("parseQuery: exclusions", () => {
  it("excludes words and phrases after a leading -", () => {
    const q = parseQuery('apple -banana -"cherry pie" -Durian');
    expect(q.excluded).toEqual(["banana", "cherry pie", "Durian"]);
    expect(q.text).toBe("apple");
  });

  it("keeps hyphens inside an excluded word", () => {
    expect(parseQuery("-covid-19").excluded).toEqual(["covid-19"]);
  });

  it("ignores - followed only by a quote", () => {
    expect(parseQuery('-"')).toEqual(EMPTY);
  });

  it("treats -tag: and -path: as excluded words, not filters", () => {
    const q = parseQuery("-tag:draft -path:archive");
    expect(q.excluded).toEqual(["tag:draft", "path:archive"]);
    expect(q.tags).toEqual([]);
    expect(q.paths).toEqual([]);
  });
});

describe("parseQuery: path filters", () => {
  it("normalises slashes and keeps the letter case", () => {
    const q = parseQuery("path:/Projects/Alpha/ path:\\Work\\Notes\\ path:a//b path:./c");
    expect(q.paths).toEqual(["Projects/Alpha", "Work/Notes", "a/b", "c"]);
    expect(q.text).toBe("");
    expect(q.isEmpty).toBe(true);
  });

  it("accepts a quoted value with spaces, closed or not", () => {
    expect(parseQuery('path:"My folder/Sub dir" notes').paths).toEqual(["My folder/Sub dir"]);
    expect(parseQuery('notes path:"My folder').paths).toEqual(["My folder"]);
    expect(parseQuery('notes path:"My folder').text).toBe("notes");
  });

  it("ignores an empty value, including the root", () => {
    const q = parseQuery('path: notes path:"" path:/ path:\\');
    expect(q.paths).toEqual([]);
    expect(q.text).toBe("notes");
  });

  it("reads the key case-insensitively and lists a path once", () => {
    expect(parseQuery("PATH:a Path:a/").paths).toEqual(["a"]);
  });

  it("only recognises the key at the start of a token", () => {
    const q = parseQuery("xpath:a http://example.com");
    expect(q.paths).toEqual([]);
    expect(q.text).toBe("xpath:a http://example.com");
  });
});

describe("parseQuery: tag filters", () => {
  it("lower-cases, drops # and keeps nesting", () => {
    const q = parseQuery("tag:#Project/Alpha tag:todo TAG:##Idea/ meeting");
    expect(q.tags).toEqual(["project/alpha", "todo", "idea"]);
    expect(q.text).toBe("meeting");
  });

  it("ignores an empty tag", () => {
    expect(parseQuery("tag: tag:# tag:/").tags).toEqual([]);
  });

  it("lists a tag once", () => {
    expect(parseQuery("tag:#a tag:A").tags).toEqual(["a"]);
  });
});

describe("parseQuery: flags", () => {
  it("is keyword-like for two words or fewer, or a phrase", () => {
    expect(parseQuery("bm25").isKeywordLike).toBe(true);
    expect(parseQuery("hybrid search").isKeywordLike).toBe(true);
    expect(parseQuery("how hybrid search works").isKeywordLike).toBe(false);
    expect(parseQuery('how "hybrid search" works').isKeywordLike).toBe(true);
    expect(parseQuery("two words -and -many -exclusions tag:x path:y").isKeywordLike).toBe(true);
  });

  it("counts the words of an unspaced script, so a Chinese sentence is not keyword-like", () => {
    expect(parseQuery("机器学习的基本原理").isKeywordLike).toBe(false);
    expect(parseQuery("学习").isKeywordLike).toBe(true);
  });

  it("is empty when only filters and exclusions were typed", () => {
    expect(parseQuery("-draft tag:x path:y").isEmpty).toBe(true);
    expect(parseQuery("tag:x word").isEmpty).toBe(false);
  });
});

describe("countWords", () => {
  it("counts tokens with a letter or digit, and segmenter words in CJK", () => {
    expect(countWords("")).toBe(0);
    expect(countWords("? ! -")).toBe(0);
    expect(countWords("covid-19 vaccine")).toBe(2);
    expect(countWords("AI研究")).toBe(2);
  });
});

describe("parseQuery on arbitrary input", () => {
  it("never throws and returns normalised filters", () => {
    const chars = fc.constantFrom(..."ab -\"“”„:#/\\\tpathTAG学".split(""));
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 40 }).map((c) => c.join("")), (raw) => {
        const q = parseQuery(raw);
        expect(q.isEmpty).toBe(q.text === "");
        expect(q.text).toBe(q.text.trim());
        expect(q.text).not.toMatch(/\s{2}|["“”„]/);
        for (const p of q.paths) expect(p).toMatch(/^[^/\\](?:.*[^/])?$/);
        for (const t of q.tags) expect(t).toMatch(/^[^#A-Z](?:.*[^/])?$/);
        for (const list of [q.phrases, q.excluded, q.paths, q.tags]) {
          expect(new Set(list).size).toBe(list.length);
          expect(list).not.toContain("");
        }
      }),
    );
  });
});

describe("quoted phrases in long questions", () => {
  it("keeps a phrase strict in a short query", () => {
    const q = parseQuery('"project alpha" budget');
    expect(q.phrases).toEqual(["project alpha"]);
    expect(q.boostedPhrases).toEqual([]);
    expect(q.isKeywordLike).toBe(true);
  });

  it("turns a phrase into a boost when the query is a question of more than ten words", () => {
    const q = parseQuery('how do I set up the "daily notes" plugin so that it opens a new note every morning');
    expect(q.phrases).toEqual([]);
    expect(q.boostedPhrases).toEqual(["daily notes"]);
    expect(q.text).toContain("daily notes");
    expect(q.isKeywordLike).toBe(false);
  });

  it("keeps exclusions strict at any length", () => {
    const q = parseQuery("how do I set up the daily notes plugin so that it opens a new note -template");
    expect(q.excluded).toEqual(["template"]);
  });
});

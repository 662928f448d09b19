/**
 * fast-check generators of realistic Obsidian notes, with the ground truth the chunker properties need: which lines
 * are content, where each line's unique marker word is, and where the fences are.
 */
import fc from "fast-check";

/** A generated line. `@ID` in the text becomes a word unique to the line (`id<line>`). */
export interface GenLine {
  text: string;
  /** Content that must fall in some chunk's range (not blank, not only comment/embed syntax, not frontmatter). */
  content: boolean;
}

interface GenBlock {
  lines: GenLine[];
  fence?: { closed: boolean };
}

export interface GenNote {
  markdown: string;
  lines: GenLine[];
  /** Line index to the marker word that must appear in a chunk covering that line. */
  markers: Map<number, string>;
  /** Code fences: line range and their code exactly as it must appear in a chunk. */
  fences: Array<{ start: number; end: number; code: string }>;
}

/** Words that never appear in chunk text: they sit in comments, embeds or frontmatter. */
export const HIDDEN_WORDS = ["SECRETWORD", "hiddenembed", "FMVALUE"];

const line = (text: string, content = true): GenLine => ({ text, content });
const word = fc.constantFrom(
  "alpha", "beta", "gamma", "note", "search", "vector", "index", "the", "of", "quickly", "2024",
  "internationalization", "café", "naïve", "日本語", "검색", "end.", "stop!", "why?", "a,",
);
const inline = fc.constantFrom(
  "[[Target Note|alias]]", "[[Other#Section]]", "[[Plain]]", "[text](https://example.com/x#frag)", "#tag-one",
  "`code #notag [[nolink]]`", "%%SECRETWORD%%", "<!-- SECRETWORD -->", "![[hiddenembed.png]]", "**bold**",
  "https://example.org/page#anchor",
);
const words = (min: number, max: number) =>
  fc.array(fc.oneof({ weight: 5, arbitrary: word }, { weight: 1, arbitrary: inline }), { minLength: min, maxLength: max })
    .map((ws) => ws.join(" "));

const heading = fc.tuple(fc.integer({ min: 1, max: 6 }), words(0, 4)).map(
  ([level, text]): GenBlock => ({ lines: [line(`${"#".repeat(level)} @ID ${text}`)] }),
);
const paragraph = fc
  .array(fc.tuple(fc.constantFrom("", "- ", "1. ", "- [ ] "), words(0, 12)), { minLength: 1, maxLength: 4 })
  .map((ls): GenBlock => ({ lines: ls.map(([prefix, text]) => line(`${prefix}@ID ${text}`)) }));
const longParagraph = fc
  .oneof(words(10, 60), words(40, 300))
  .map((text): GenBlock => ({ lines: [line(`@ID ${text}`)] }));
const cjk = fc
  .array(fc.constantFrom("日本語の文章です。", "中文句子。", "한국어 문장입니다.", "テスト"), { minLength: 1, maxLength: 60 })
  .map((parts): GenBlock => ({ lines: [line(`@ID ${parts.join("")}`)] }));
const codeLine = fc.constantFrom("x = f(y)", "# shell comment", "## not a heading", "%% kept %%", "  indented()", "");
const fence = (closed: boolean) =>
  fc
    .tuple(fc.constantFrom("```", "````", "~~~"), fc.constantFrom("", "ts", "python"), fc.array(codeLine, { maxLength: 40 }))
    .map(([marker, lang, code]): GenBlock => ({
      fence: { closed },
      lines: [
        line(marker + lang),
        ...code.map((c) => line(c === "" ? "" : `@ID ${c}`, c !== "")),
        ...(closed ? [line(marker)] : []),
      ],
    }));
const table = fc.array(words(1, 3), { minLength: 1, maxLength: 8 }).map(
  (rows): GenBlock => ({
    lines: [line("| @ID | head |"), line("|---|---|"), ...rows.map((r) => line(`| @ID | ${r} | [[L\\|a]] |`))],
  }),
);
const callout = fc.tuple(fc.constantFrom("> [!note]", "> [!warning]-", "> "), fc.array(words(0, 8), { maxLength: 6 })).map(
  ([head, rows]): GenBlock => ({ lines: [line(`${head} @ID`), ...rows.map((r) => line(`> @ID ${r}`))] }),
);
const hidden = fc.constantFrom<GenBlock>(
  { lines: [line("%%", false), line("SECRETWORD # not a heading", false), line("%%", false)] },
  { lines: [line("<!--", false), line("SECRETWORD", false), line("-->", false)] },
  { lines: [line("![[hiddenembed.png]]", false)] },
  { lines: [line("%% SECRETWORD %% <!-- SECRETWORD -->", false)] },
  { lines: [line("***")] },
  // Headings without words still end a section and must be covered.
  { lines: [line("#")] },
  { lines: [line("## ![[hiddenembed.png]] %%SECRETWORD%%")] },
);
const block = fc.oneof(
  { weight: 4, arbitrary: paragraph },
  { weight: 3, arbitrary: heading },
  { weight: 1, arbitrary: longParagraph },
  { weight: 1, arbitrary: cjk },
  { weight: 2, arbitrary: fence(true) },
  { weight: 1, arbitrary: table },
  { weight: 1, arbitrary: callout },
  { weight: 1, arbitrary: hidden },
);
const frontmatter = fc.constantFrom<GenLine[]>(
  [],
  ["---", "title: Generated Title", "tags: [FMVALUE, b]", "aliases:", "  - FMVALUE alias", "---"].map((t) => line(t, false)),
  ["---", "title: ok", "FMVALUE is not yaml", "---"].map((t) => line(t, false)),
  // Unclosed: Obsidian shows it as text, and so do we.
  [line("---"), line("title: unclosed")],
);

/** A whole note: optional frontmatter, blocks separated by blank lines, maybe ending in an unclosed fence. */
export const noteArb: fc.Arbitrary<GenNote> = fc
  .tuple(frontmatter, fc.array(block, { maxLength: 25 }), fc.option(fence(false), { nil: undefined }))
  .map(([front, blocks, tail]) => assemble(front, tail === undefined ? blocks : [...blocks, tail]));

function assemble(front: GenLine[], blocks: GenBlock[]): GenNote {
  const lines: GenLine[] = [...front];
  const markers = new Map<number, string>();
  const fences: GenNote["fences"] = [];
  for (const b of blocks) {
    if (lines.length > 0) lines.push(line("", false));
    const start = lines.length;
    for (const l of b.lines) {
      const marker = `id${lines.length}`;
      if (l.text.includes("@ID")) markers.set(lines.length, marker);
      lines.push({ ...l, text: l.text.replace("@ID", marker) });
    }
    if (b.fence !== undefined) {
      const body = lines.slice(start + 1, b.fence.closed ? lines.length - 1 : lines.length);
      // Blank code lines read as one paragraph break; leading and trailing ones disappear.
      const code = body
        .map((l) => l.text.trimEnd())
        .join("\n")
        .replace(/\n{3,}/g, "\n\n")
        .replace(/^\n+|\n+$/g, "");
      fences.push({ start, end: lines.length - 1, code });
    }
  }
  return { markdown: lines.map((l) => l.text).join("\n"), lines, markers, fences };
}

import { seededRandom } from "./ui-vault";

/** Words of each script, written as a user would (Han, Thai without spaces inside a run; emoji sequences whole). */
const WORDS: Record<string, readonly string[]> = {
  latin: ["Grüße", "analysis", "vault", "résumé", "Straße", "keyboard", "naïve", "journal"],
  han: ["東京都", "数据库", "漢字検索", "知识管理", "笔记本"],
  arabic: ["مرحبا", "بالعالم", "القطة", "نائمة", "الأريكة"],
  hebrew: ["שלום", "עולם", "החתול", "ישן", "הספה"],
  thai: ["ภาษาไทย", "สวัสดีครับ", "ฐานข้อมูล", "คอมพิวเตอร์"],
  emoji: ["🚀", "👩‍👩‍👧‍👦", "🇸🇪", "🏳️‍🌈", "✨✨", "🔥"],
};

/** One word per script that a search for it must find in the note (emoji are not words, so none). */
export const SCRIPT_PROBES: readonly { script: string; word: string }[] = [
  { script: "Latin", word: "keyboard" },
  { script: "Han", word: "数据库" },
  { script: "Arabic", word: "بالعالم" },
  { script: "Hebrew", word: "החתול" },
  { script: "Thai", word: "ฐานข้อมูล" },
];

/**
 * A single line (no line break) of about `bytes` UTF-8 bytes: a seeded mix of every script's words, separated by a
 * space, except that Han and Thai words sometimes run on unspaced, as they are written.
 */
export function mixedScriptLine(bytes: number): string {
  const rnd = seededRandom(8);
  const scripts = Object.keys(WORDS);
  const parts: string[] = [];
  let size = 0;
  while (size < bytes) {
    const script = scripts[Math.floor(rnd() * scripts.length)] ?? "latin";
    const list = WORDS[script] ?? [];
    const word = list[Math.floor(rnd() * list.length)] ?? "";
    const unspaced = (script === "han" || script === "thai") && rnd() < 0.5;
    const part = unspaced ? word : ` ${word}`;
    parts.push(part);
    size += Buffer.byteLength(part);
  }
  return parts.join("").trimStart();
}

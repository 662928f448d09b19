import { CLI_MESSAGES } from "./cli-messages";
import { INDEX_MESSAGES } from "./index-messages";
import { NOTICE_MESSAGES } from "./notice-messages";
import { OLLAMA_MESSAGES } from "./ollama-messages";

/** The table, by area; an id names one message across all areas (the table's test checks that none repeats). */
export const MESSAGE_AREAS = [OLLAMA_MESSAGES, INDEX_MESSAGES, CLI_MESSAGES, NOTICE_MESSAGES] as const;

/**
 * Every message the engine gives the user about something that went wrong or ran differently, with its stable code.
 * `{name}` is a parameter; `{setting:key}` names a row of the settings tab by its label (setting-labels.ts), so a
 * message can only point at a setting that exists. `kind` says where the message travels: an `AppError`
 * ("error"), a search notice ("notice"), a note warning ("note") or a view's status line ("status").
 */
export const MESSAGES = {
  ...OLLAMA_MESSAGES,
  ...INDEX_MESSAGES,
  ...CLI_MESSAGES,
  ...NOTICE_MESSAGES,
} as const satisfies Record<string, MessageSpec>;

interface MessageSpec {
  kind: "error" | "notice" | "note" | "status";
  code: string;
  template: string;
}

/** Which message. */
export type MessageId = keyof typeof MESSAGES;

type Entry = (typeof MESSAGES)[MessageId];

/** Codes of the failures an `AppError` carries. */
export type AppErrorCode = Extract<Entry, { kind: "error" }>["code"];

/** Codes of search notices. */
export type NoticeCode = Extract<Entry, { kind: "notice" }>["code"];

/** Codes of note warnings. */
export type NoteWarningCode = Extract<Entry, { kind: "note" }>["code"];

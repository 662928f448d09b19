import type { NoteWarningCode } from "../errors/error-table";

/** Why a note was indexed differently from what its author probably intended (codes listed in error-table.ts). */
export type { NoteWarningCode };

/** Something wrong with a note that did not stop it from being indexed; the UI may list these. */
export interface NoteWarning {
  /** Stable code, for the UI and tests. */
  code: NoteWarningCode;
  /** 0-based line in the original file. */
  line: number;
  /** Says what is wrong and what the user can do about it. */
  message: string;
}

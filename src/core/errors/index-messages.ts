/** Messages about the index, its files, the notes and the vault folder they are read from (see the error table, `error-table.ts`). */
export const INDEX_MESSAGES = {
  indexCorrupt: {
    kind: "error",
    code: "INDEX_CORRUPT",
    template: "The saved search index is damaged or incomplete, so it will be rebuilt from your notes.",
  },
  indexFormatChanged: {
    kind: "error",
    code: "INDEX_MISMATCH",
    template: "The search index was saved in an older or newer file format, so it will be rebuilt from your notes.",
  },
  indexSettingsChanged: { kind: "error", code: "INDEX_MISMATCH", template: "The search index will be rebuilt because {changes}." },
  indexInconsistent: {
    kind: "error",
    code: "BAD_INPUT",
    template: "Can't save the search index: it is inconsistent. Please report this as a bug.",
  },
  fileUnreadable: { kind: "error", code: "IO", template: "Can't read {path}. Check that the file is readable." },
  fileUnwritable: { kind: "error", code: "IO", template: "Can't write {path}. Check that the folder is writable and the disk is not full." },
  fileUncreatable: { kind: "error", code: "IO", template: "Can't create {path}. Check that the folder is writable." },
  fileUnmovable: { kind: "error", code: "IO", template: "Can't move {from} to {to}. Check that the folder is writable." },
  fileUndeletable: { kind: "error", code: "IO", template: "Can't delete {path}. Check that the folder is writable." },
  embedShortAnswer: {
    kind: "error",
    code: "OLLAMA_BAD_RESPONSE",
    template: "The embedding model returned too few or empty vectors. Pick another one under {setting:embedModel} in settings.",
  },
  embedCrashed: {
    kind: "error",
    code: "OLLAMA_BAD_RESPONSE",
    template: "Embedding stopped on an unexpected error. The notes stay keyword-searchable and are embedded again on the next change; please report this as a bug if it repeats.",
  },
  syncCrashed: {
    kind: "error",
    code: "BAD_INPUT",
    template: "Indexing stopped on an unexpected error. Reload the plugin (or run the command again) to resume; please report this as a bug.",
  },
  notesNotIndexed: {
    kind: "error",
    code: "NOTE_NOT_INDEXED",
    template:
      "{count} note(s) could not be indexed, so search can't find them: {names}. They are tried again when they change; please report this as a bug, with the language the notes are written in.",
  },
  requestFailed: {
    kind: "error",
    code: "UNEXPECTED",
    template: "{request} failed on an unexpected error ({reason}). Nothing was changed; please report this as a bug.",
  },
  vaultMissing: { kind: "error", code: "BAD_INPUT", template: "The vault folder {path} does not exist. Check the --vault path." },
  vaultNotFolder: { kind: "error", code: "BAD_INPUT", template: "--vault must be a folder, but {path} is a file." },
  vaultUnreadable: { kind: "error", code: "IO", template: "Can't read the vault folder {path}. Check that the path is right and readable." },
  vaultNoteUnreadable: { kind: "error", code: "IO", template: "Can't read {path} in {vault}. Check that it exists and is readable." },
  pathOutsideVault: { kind: "error", code: "BAD_INPUT", template: "The path {path} is outside the vault folder {vault}." },
  getPastLineEnd: {
    kind: "error",
    code: "BAD_INPUT",
    template: "fromChar {fromChar} is past the end of line {line}, which has {length} characters. Give a smaller fromChar, or the next line.",
  },
  noteBinary: {
    kind: "error",
    code: "BAD_INPUT",
    template: "{path} is not text: it holds NUL bytes, like an image or a database renamed .md. It was not indexed and can't be read as a note.",
  },
  noteLinksOutside: { kind: "error", code: "BAD_INPUT", template: "The note {path} links to a file outside the vault; it can't be read." },
  noteIsLink: {
    kind: "error",
    code: "BAD_INPUT",
    template: "The note {path} is a symbolic link, or inside a linked folder; links are not followed. Read the note it points to instead.",
  },
  badNotePath: {
    kind: "error",
    code: "BAD_INPUT",
    template: 'The path "{path}" {why}. Give a note path relative to the vault, such as "Projects/Plan.md".',
  },
  noteGone: { kind: "error", code: "IO", template: "The note {path} is no longer in the vault." },
} as const;

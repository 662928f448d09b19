import { messageText } from "../errors/messages";

/** Embedding inputs cut to fit the model's input window (see `Embedder.cutInputs`). */
export interface InputsCut {
  /** Chunks whose text was cut since the embedder was chosen. */
  count: number;
  /** The model's input window in tokens, when known. */
  windowTokens: number | undefined;
  /** The embedding model. */
  model: string;
}

/** What to tell the user about cut inputs: how many, and what to change so that whole chunks are embedded. */
export function inputsCutMessage(cut: InputsCut): string {
  const window = cut.windowTokens === undefined ? "input window" : `input window of ${cut.windowTokens.toLocaleString("en-US")} tokens`;
  return messageText("inputsCut", { model: cut.model, window, count: cut.count.toLocaleString("en-US") });
}

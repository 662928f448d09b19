import { SETTING_LABELS, type SettingKey } from "./setting-labels";
import { appError, type AppError } from "./app-error";
import { MESSAGES, type MessageId } from "./error-table";

type ParamNames<S extends string> = S extends `${string}{${infer P}}${infer Rest}`
  ? (P extends `setting:${string}` ? never : P) | ParamNames<Rest>
  : never;

/** The parameters message `Id`'s template names. */
export type MessageParams<Id extends MessageId> = Record<ParamNames<(typeof MESSAGES)[Id]["template"]>, string | number>;

type ParamsArg<Id extends MessageId> = [ParamNames<(typeof MESSAGES)[Id]["template"]>] extends [never] ? [] : [MessageParams<Id>];

/** Ids of the messages that travel as an `AppError`. */
export type ErrorMessageId = { [Id in MessageId]: (typeof MESSAGES)[Id]["kind"] extends "error" ? Id : never }[MessageId];

/** Message `id` with its parameters filled in and each setting named by its label in the settings tab. */
export function messageText<Id extends MessageId>(id: Id, ...params: ParamsArg<Id>): string {
  const values: Record<string, string | number> = params[0] ?? {};
  return fillTemplate(MESSAGES[id].template, values);
}

/** The `AppError` for message `id`; `cause` is kept for logs only. */
export function failure<Id extends ErrorMessageId>(id: Id, ...args: [...ParamsArg<Id>, cause?: unknown]): AppError {
  const entry = MESSAGES[id];
  const hasParams = /\{(?!setting:)[^}]+\}/.test(entry.template);
  const values = (hasParams ? args[0] : {}) as Record<string, string | number>;
  const cause = hasParams ? args[1] : args[0];
  return appError(entry.code, fillTemplate(entry.template, values), cause);
}

/** The settings a template points at, by key (for the table's own test). */
export function settingsNamedBy(template: string): string[] {
  return [...template.matchAll(/\{setting:([^}]+)\}/g)].map((m) => m[1] ?? "");
}

function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    if (name.startsWith("setting:")) {
      const label = SETTING_LABELS[name.slice("setting:".length) as SettingKey];
      return label === undefined ? whole : `"${label}"`;
    }
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}

/** The API's error code and message, from a GraphQL error or a failed HTTP call. */
import type { CombinedError } from "@urql/core";
import type { JsonValue } from "./graphql";
import type { TFunction } from "i18next";
import type { Translate } from "./errorText";
import { fieldMessageIn } from "./fieldText";

export interface ApiError {
  code: string;
  message: string;
  details: JsonValue | null;
  /** INTERNAL errors: the id the server logged the failure under (give it to whoever runs the server). */
  errorId?: string | null;
}

export interface FieldError {
  path: string;
  message: string;
}

interface ErrorLike {
  message: string;
  extensions?: Record<string, unknown>;
}

/** One error object from a GraphQL `errors` entry (HTTP or websocket). */
export function apiErrorOf(error: ErrorLike): ApiError {
  const extensions = error.extensions ?? {};
  const code = typeof extensions.code === "string" ? extensions.code : "INTERNAL";
  const details = (extensions.details ?? null) as JsonValue | null;
  const errorId = typeof extensions.errorId === "string" ? extensions.errorId : null;
  return { code, message: error.message, details, errorId };
}

/** urql's combined error: the first GraphQL error, or the network failure. */
export function apiErrorFromCombined(error: CombinedError): ApiError {
  const first = error.graphQLErrors[0];
  if (first) return apiErrorOf(first);
  const status = error.response instanceof Response ? error.response.status : null;
  const message = error.networkError?.message ?? error.message;
  return { code: status === 401 ? "UNAUTHENTICATED" : "NETWORK", message, details: null };
}

/** VALIDATION_FAILED details: a list of {path, message}; with the UI's `t`, the messages in its language. */
export function fieldErrors(error: ApiError, t?: TFunction): FieldError[] {
  const say = t as unknown as Translate | undefined; // the typed keys of TFunction, as plain strings
  if (error.code !== "VALIDATION_FAILED" || !Array.isArray(error.details)) return [];
  const result: FieldError[] = [];
  for (const item of error.details) {
    if (item && typeof item === "object" && !Array.isArray(item)) {
      const path = typeof item.path === "string" ? item.path : "";
      const message = typeof item.message === "string" ? item.message : "";
      result.push({ path, message: say ? fieldMessageIn(message, say) : message });
    }
  }
  return result;
}

/** The errors whose path is this field or inside it (`seeds.personas[0].name` for `seeds`). */
export function errorsAt(errors: FieldError[], prefix: string): FieldError[] {
  return errors.filter((e) => e.path === prefix || e.path.startsWith(`${prefix}.`) || e.path.startsWith(`${prefix}[`)
    || e.path === `input.${prefix}` || e.path.startsWith(`input.${prefix}.`) || e.path.startsWith(`input.${prefix}[`));
}

/**
 * A failed call said in the UI's language, from its error code and details (the server's own
 * message is in English and is shown beside it, smaller). Plain, tested; ErrorNotice renders it.
 */
import type { ApiError } from "./errors";

const KNOWN = new Set(["UNAUTHENTICATED", "FORBIDDEN", "NOT_FOUND", "VALIDATION_FAILED", "INVALID_TRANSITION", "CONFLICT",
  "BUDGET_EXCEEDED", "TARGET_ERROR", "MODEL_ERROR", "RATE_LIMITED", "UNAVAILABLE", "INTERNAL", "NETWORK"]);

/** A `t` of the UI's language (react-i18next's, or i18next.getFixedT). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export function errorHeadline(error: ApiError, t: Translate): string {
  const code = KNOWN.has(error.code) ? error.code : "OTHER";
  const details = error.details && typeof error.details === "object" && !Array.isArray(error.details) ? error.details : null;
  if (code === "VALIDATION_FAILED" && Array.isArray(error.details)) {
    // A page opened with a bad id in its address (/campaigns/not-an-id) has no field to fix.
    if (error.details.length > 0 && error.details.every(isBadIdArgument)) return t("apiErrors.VALIDATION_FAILED_badId");
    return t("apiErrors.VALIDATION_FAILED", { count: error.details.length });
  }
  if (code === "BUDGET_EXCEEDED" && details && typeof details.budget === "number" && typeof details.used === "number") {
    return t("apiErrors.BUDGET_EXCEEDED_detail", { budget: details.budget, used: details.used });
  }
  if (code === "OTHER" && /^\d{3}$/.test(error.code)) return t("apiErrors.HTTP", { status: error.code });
  return t(`apiErrors.${code}`);
}

/** The server's "is not a valid id" for a query's argument (`id`, `campaignId`), not an input field's. */
function isBadIdArgument(detail: unknown): boolean {
  if (!detail || typeof detail !== "object") return false;
  const { path, message } = detail as { path?: unknown; message?: unknown };
  return message === "is not a valid id" && typeof path === "string" && !path.includes(".");
}

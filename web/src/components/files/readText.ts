/** An uploaded file's text, or the error the import forms show when the browser cannot read it. */
import type { ApiError } from "../../graphql/errors";

export async function readText(file: File): Promise<{ text: string } | { error: ApiError }> {
  try {
    return { text: await file.text() };
  } catch (failure) {
    return { error: { code: "FILE", message: String(failure), details: null } };
  }
}

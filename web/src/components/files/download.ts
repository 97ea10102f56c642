/** Export Markdown: fetch the report with the key header and save it as a file. */
import { keyHeaders } from "../../graphql/key";
import type { ApiError } from "../../graphql/errors";

export function filenameFrom(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ?? fallback;
}

export async function downloadReport(evalId: string, key: string | null): Promise<ApiError | null> {
  return downloadFile(`/api/intelligent-evals/${encodeURIComponent(evalId)}/report.md`, key, "report.md");
}

/** GET `path` with the key header and save the body under the server's file name. */
export async function downloadFile(path: string, key: string | null, fallback: string): Promise<ApiError | null> {
  let response: Response;
  try {
    response = await fetch(path, { headers: keyHeaders(key) });
  } catch (error) {
    return { code: "NETWORK", message: error instanceof Error ? error.message : String(error), details: null };
  }
  if (!response.ok) {
    try {
      const body = (await response.json()) as { error?: { code?: string; message?: string } };
      return { code: body.error?.code ?? String(response.status), message: body.error?.message ?? response.statusText, details: null };
    } catch {
      return { code: String(response.status), message: response.statusText, details: null };
    }
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filenameFrom(response.headers.get("content-disposition"), fallback);
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return null;
}

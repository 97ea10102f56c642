/** "Export CSV" and "Export JSON" for rows the page loads on demand (all of them, not the page shown). */
import { Button, Group } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorNotice } from "../ErrorNotice";
import type { ApiError } from "../../graphql/errors";
import { saveText, toCsv, toJson, type ExportRow } from "./tableExport";

interface Props {
  /** What the files are called, without the extension. */
  filename: string;
  /** "outcomes", "findings": names the buttons for screen readers. */
  what: string;
  load(): Promise<readonly ExportRow[] | ApiError>;
}

export function ExportData({ filename, what, load }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<"csv" | "json" | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const save = async (format: "csv" | "json") => {
    setBusy(format);
    setError(null);
    const rows = await load();
    setBusy(null);
    if (!Array.isArray(rows)) { setError(rows as ApiError); return; }
    if (format === "csv") saveText(`${filename}.csv`, toCsv(rows), "text/csv;charset=utf-8");
    else saveText(`${filename}.json`, toJson(rows), "application/json");
  };
  return (
    <>
      <Group gap="xs">
        <Button variant="default" loading={busy === "csv"} onClick={() => void save("csv")} aria-label={t("exports.csvOf", { what })}>
          {t("exports.csv")}
        </Button>
        <Button variant="default" loading={busy === "json"} onClick={() => void save("json")} aria-label={t("exports.jsonOf", { what })}>
          {t("exports.json")}
        </Button>
      </Group>
      {error && <ErrorNotice error={error} />}
    </>
  );
}

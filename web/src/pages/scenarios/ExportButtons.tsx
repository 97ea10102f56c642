/** Export the scenario in the scenario file format (YAML or JSON), saved as a file. */
import { Button, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useClient } from "urql";
import { useState } from "react";
import { ErrorNotice } from "../../components/ErrorNotice";
import { apiErrorFromCombined, type ApiError } from "../../graphql/errors";
import { graphql } from "../../graphql/graphql";

const DocumentQuery = graphql(`
  query ScenarioDocument($id: ID!, $format: String!) { scenario(id: $id) { id document(format: $format) } }
`);

function save(text: string, filename: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function ExportButtons({ scenarioId, name }: { scenarioId: string; name: string }) {
  const { t } = useTranslation();
  const client = useClient();
  const [error, setError] = useState<ApiError | null>(null);
  const base = name.replace(/[^\p{L}\p{N}_-]+/gu, "-").replace(/^-+|-+$/g, "") || "scenario";
  const run = async (format: "yaml" | "json") => {
    const result = await client.query(DocumentQuery, { id: scenarioId, format }, { requestPolicy: "network-only" }).toPromise();
    if (result.error) { setError(apiErrorFromCombined(result.error)); return; }
    setError(null);
    const text = result.data?.scenario?.document;
    if (text) save(text, `${base}.${format}`, format === "json" ? "application/json" : "application/yaml");
  };
  return (
    <>
      <Group gap="xs">
        <Button variant="default" onClick={() => void run("yaml")}>{t("scenarios.exportYaml")}</Button>
        <Button variant="default" onClick={() => void run("json")}>{t("scenarios.exportJson")}</Button>
      </Group>
      {error && <ErrorNotice error={error} />}
    </>
  );
}

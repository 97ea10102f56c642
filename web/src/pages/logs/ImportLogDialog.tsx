/** The "Import conversations" dialog: a .jsonl/.json/.csv log, its format, a sample, what to redact. */
import { Button, Card, Checkbox, FileInput, Group, List, Modal, NumberInput, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useMutation } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { apiErrorFromCombined, fieldErrors, type ApiError } from "../../graphql/errors";
import { FORMATS, PATTERN_REDACTIONS, formatOf, redactNames, type LogFormat } from "./formats";
import { ImportConversationsMutation } from "./queries";
import { readText } from "../../components/files/readText";

export function ImportLogDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<LogFormat>("jsonl");
  const [name, setName] = useState("");
  const [sample, setSample] = useState<number | string>("");
  const [seed, setSeed] = useState<number | string>(0);
  const [patterns, setPatterns] = useState<string[]>([]);
  const [fields, setFields] = useState("");
  const [error, setError] = useState<ApiError | null>(null);
  const [imported, importLog] = useMutation(ImportConversationsMutation);
  const problems = error ? fieldErrors(error, t) : [];

  const pick = (picked: File | null) => {
    setFile(picked);
    if (picked) {
      setFormat(formatOf(picked.name));
      if (!name) setName(picked.name);
    }
  };

  const submit = async () => {
    setError(null);
    if (!file) return;
    const read = await readText(file);
    if ("error" in read) { setError(read.error); return; }
    const document = read.text;
    const answer = await importLog({
      document, format, name: name.trim() || null,
      sample: typeof sample === "number" ? sample : null,
      seed: typeof seed === "number" ? seed : null,
      redact: redactNames(patterns, fields),
    });
    if (answer.error) setError(apiErrorFromCombined(answer.error));
    else if (answer.data) void navigate(`/logs/${answer.data.importConversations.id}`);
  };

  return (
    <>
      <Button onClick={() => setOpened(true)}>{t("offline.import")}</Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={<Text fw={700}>{t("offline.import")}</Text>}
        centered size="lg" closeButtonProps={{ "aria-label": t("safe.close") }}>
        <Stack>
          <Text size="sm" c="dimmed">{t("offline.importHint")}</Text>
          <FileInput label={t("offline.file")} placeholder={t("offline.filePlaceholder")} value={file} onChange={pick}
            accept=".jsonl,.json,.csv,application/json,text/csv" clearable />
          <Group grow>
            <Select label={t("offline.format")} data={FORMATS.map((f) => ({ value: f, label: t(`offline.formats.${f}`) }))}
              value={format} onChange={(value) => value && setFormat(value as LogFormat)} allowDeselect={false} />
            <TextInput label={t("offline.name")} value={name} onChange={(e) => setName(e.currentTarget.value)} />
          </Group>
          <Group grow>
            <NumberInput label={t("offline.sample")} description={t("offline.sampleHint")} min={1} value={sample} onChange={setSample} />
            <NumberInput label={t("offline.seed")} min={0} value={seed} onChange={setSeed} />
          </Group>
          <Checkbox.Group label={t("offline.redact")} description={t("offline.redactHint")} value={patterns} onChange={setPatterns}>
            <Group mt={4}>
              {PATTERN_REDACTIONS.map((kind) => <Checkbox key={kind} value={kind} label={t(`offline.patterns.${kind}`)} />)}
            </Group>
          </Checkbox.Group>
          <TextInput label={t("offline.dropFields")} placeholder="customer, address" value={fields}
            onChange={(e) => setFields(e.currentTarget.value)} />
          {error && <ErrorNotice error={error} title={t("offline.importFailed")} />}
          {problems.length > 0 && (
            <Card withBorder>
              <Title order={3} size="h5">{t("new.fieldErrors")}</Title>
              <List size="sm" aria-label={t("new.fieldErrors")}>
                {problems.map((p, i) => <List.Item key={i}><code>{p.path || "—"}</code> {p.message}</List.Item>)}
              </List>
            </Card>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>{t("offline.close")}</Button>
            <Button onClick={() => void submit()} disabled={!file} loading={imported.fetching}>{t("offline.importConfirm")}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

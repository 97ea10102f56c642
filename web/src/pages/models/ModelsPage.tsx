/** Models: per role, the configured model, its base URL (credentials masked by the API) and params; ADMIN edits. */
import { Alert, Badge, Button, Code, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery } from "urql";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Loading } from "../../components/Loading";
import { apiErrorFromCombined } from "../../graphql/errors";
import { readFragment } from "../../graphql/graphql";
import { MeQuery } from "../../graphql/meQuery";
import { ModelChecks } from "./ModelChecks";
import { ModelForm } from "./ModelForm";
import { MODEL_ROLES, paramsText, type ModelRoleName } from "./modelRoles";
import { ModelConfigFields, ModelConfigsQuery } from "./queries";

export function ModelsPage() {
  const { t } = useTranslation();
  const [me] = useQuery({ query: MeQuery });
  const [configs, refetch] = useQuery({ query: ModelConfigsQuery });
  const [editing, setEditing] = useState<ModelRoleName | null>(null);
  const isAdmin = me.data?.me.role === "ADMIN";
  if (configs.error) return <ErrorNotice error={apiErrorFromCombined(configs.error)} />;
  if (!configs.data) return <Loading />;
  const byRole = new Map(configs.data.modelConfigs.map((c) => [readFragment(ModelConfigFields, c).role, c]));
  const done = () => {
    setEditing(null);
    refetch({ requestPolicy: "network-only" });
  };
  return (
    <Stack maw={1100}>
      <Title order={2}>{t("models.title")}</Title>
      <Text size="sm">{t("models.intro")}</Text>
      {me.data && !isAdmin && <Alert color="gray">{t("models.readOnly")}</Alert>}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {MODEL_ROLES.map((role) => {
          const raw = byRole.get(role) ?? null;
          const config = raw ? readFragment(ModelConfigFields, raw) : null;
          const params = paramsText(config?.params);
          return (
            <Paper key={role} withBorder p="md" component="section" aria-label={t(`models.roles.${role}`)}>
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Title order={3} style={{ minWidth: 0 }}>{t(`models.roles.${role}`)}</Title>
                  <Badge color={config ? "green" : "gray"} variant="light" style={{ flexShrink: 0 }}>{config ? t("models.configured") : t("models.notConfigured")}</Badge>
                </Group>
                <Text size="xs" c="dimmed">{t(`models.roleHelp.${role}`)}</Text>
                {editing === role ? <ModelForm role={role} config={raw} onDone={done} /> : (
                  <>
                    {config ? (
                      <Stack gap={4}>
                        <Text size="sm"><b>{t("models.model")}:</b> <Code>{config.model}</Code> ({config.provider})</Text>
                        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                          <b>{t("models.baseUrl")}:</b> {config.baseUrl ? <Code>{config.baseUrl}</Code> : t("models.defaultUrl")}
                        </Text>
                        <Text size="sm"><b>{t("models.apiKey")}:</b> {config.hasApiKey ? "********" : t("models.apiKeyAbsent")}</Text>
                        <Text size="sm" fw={700}>{t("models.params")}:</Text>
                        {params ? <Code block style={{ overflowX: "auto" }}>{params}</Code> : <Text size="sm" c="dimmed">{t("models.noParams")}</Text>}
                      </Stack>
                    ) : <Text size="sm">{t("models.unsetHelp", { role })}</Text>}
                    {isAdmin && (
                      <Group>
                        <Button size="xs" variant="light" onClick={() => setEditing(role)}>
                          {config ? t("models.edit") : t("models.configure")}
                        </Button>
                      </Group>
                    )}
                  </>
                )}
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
      {/* Each check is a real model call: OPERATOR and ADMIN keys run it (the API refuses others). */}
      {(isAdmin || me.data?.me.role === "OPERATOR") && <ModelChecks />}
    </Stack>
  );
}

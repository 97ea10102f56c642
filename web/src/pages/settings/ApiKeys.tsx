/** ADMIN only: API keys — create (the secret is shown once), list, revoke. */
import { Alert, Badge, Button, Code, Group, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useMutation, useQuery } from "urql";
import { ConfirmAction } from "../../components/actions/ConfirmAction";
import { ErrorNotice } from "../../components/ErrorNotice";
import { ListPager } from "../../components/lists/ListPager";
import { ListToolbar } from "../../components/lists/ListToolbar";
import { localPage } from "../../components/lists/localList";
import { useListControls } from "../../components/lists/useListControls";
import { TableScroll } from "../../components/layout/TableScroll";
import { formatTime } from "../../components/time";
import { apiErrorFromCombined, type ApiError } from "../../graphql/errors";
import { graphql } from "../../graphql/graphql";
import { MeQuery } from "../../graphql/meQuery";

const ApiKeysQuery = graphql(`
  query ApiKeys { apiKeys { id name role createdAt lastUsedAt revoked } }
`);
const CreateKeyMutation = graphql(`
  mutation CreateKey($name: String!, $role: KeyRole!) { createApiKey(name: $name, role: $role) { secret apiKey { id } } }
`);
const RevokeKeyMutation = graphql(`
  mutation RevokeKey($id: ID!) { revokeApiKey(id: $id) { id revoked } }
`);

const ROLES = ["ADMIN", "OPERATOR", "AGENT", "VIEWER"] as const;
type Role = (typeof ROLES)[number];

export function ApiKeys() {
  const { t, i18n } = useTranslation();
  const [keys, refetch] = useQuery({ query: ApiKeysQuery, requestPolicy: "network-only" });
  const [, createKey] = useMutation(CreateKeyMutation);
  const [, revokeKey] = useMutation(RevokeKeyMutation);
  const [me] = useQuery({ query: MeQuery });
  const [name, setName] = useState("");
  const [role, setRole] = useState<Role>("OPERATOR");
  const [secret, setSecret] = useState<string | null>(null);
  // Keys are few: the page holds them all and searches, sorts and pages them itself.
  const controls = useListControls("NEWEST_FIRST", false, "keys.");
  const page = localPage(keys.data?.apiKeys ?? [], controls.variables, { name: (k) => k.name, created: (k) => k.createdAt });
  const [error, setError] = useState<ApiError | null>(null);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const result = await createKey({ name: name.trim(), role });
    setError(result.error ? apiErrorFromCombined(result.error) : null);
    if (result.data) {
      setSecret(result.data.createApiKey.secret);
      setName("");
      refetch({ requestPolicy: "network-only" });
    }
  };
  const revoke = async (id: string): Promise<ApiError | null> => {
    const result = await revokeKey({ id });
    refetch({ requestPolicy: "network-only" });
    return result.error ? apiErrorFromCombined(result.error) : null;
  };
  // The server refuses to revoke the last active ADMIN key; the page does not offer it.
  const activeAdmins = keys.data?.apiKeys.filter((key) => key.role === "ADMIN" && !key.revoked).length ?? 0;

  return (
    <Stack>
      <Title order={3}>{t("settings.apiKeys")}</Title>
      <form onSubmit={create}>
        <Group align="end">
          <TextInput label={t("settings.keyName")} value={name} required onChange={(e) => setName(e.currentTarget.value)} />
          <Select label={t("settings.keyRole")} value={role} allowDeselect={false} data={[...ROLES]}
            onChange={(value) => setRole((value ?? "OPERATOR") as Role)} w={160} />
          <Button type="submit" disabled={!name.trim()}>{t("settings.createKey")}</Button>
        </Group>
      </form>
      {secret && (
        <Alert color="green" title={<Text fw={700} size="sm" c="black">{t("settings.secretOnce")}</Text>}>
          <Code block>{secret}</Code>
        </Alert>
      )}
      {error && <ErrorNotice error={error} />}
      {keys.error && <ErrorNotice error={apiErrorFromCombined(keys.error)} />}
      {keys.data && <ListToolbar controls={controls} searchLabel={t("smallLists.searchKeys")} />}
      {keys.data && page.rows.length === 0 && controls.narrowed && <Text size="sm" c="dimmed">{t("lists.noMatch")}</Text>}
      {keys.data && (
        <TableScroll>
        <Table aria-label={t("settings.apiKeys")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("settings.keyName")}</Table.Th>
              <Table.Th>{t("settings.keyRole")}</Table.Th>
              <Table.Th>{t("manage.created")}</Table.Th>
              <Table.Th>{t("settings.lastUsed")}</Table.Th>
              <Table.Th><span className="visually-hidden">{t("settings.revoke")}</span></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page.rows.map((key) => (
              <Table.Tr key={key.id}>
                <Table.Td>{key.name}</Table.Td>
                <Table.Td>{key.role}</Table.Td>
                <Table.Td>{formatTime(key.createdAt, i18n.language)}</Table.Td>
                <Table.Td>{formatTime(key.lastUsedAt, i18n.language)}</Table.Td>
                <Table.Td>
                  {key.revoked ? <Text size="sm">{t("settings.revoked")}</Text>
                    : key.role === "ADMIN" && activeAdmins <= 1 ? (
                      <Badge variant="outline" color="gray" className="status-badge" title={t("safe.onlyAdminHint")}>{t("safe.onlyAdmin")}</Badge>
                    ) : (
                      <ConfirmAction size="xs" variant="outline" button={t("settings.revoke")}
                        label={`${t("settings.revoke")}: ${key.name}`}
                        title={t("safe.revokeTitle", { name: key.name })} consequence={t("safe.revokeConsequence")}
                        confirm={t("safe.revokeConfirm")} conflictHint={t("safe.onlyAdminHint")}
                        onConfirm={() => revoke(key.id)}>
                        {key.id === me.data?.me.id && (
                          <Alert color="orange" title={t("safe.revokeOwn")} role="alert" />
                        )}
                      </ConfirmAction>
                    )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        </TableScroll>
      )}
      {keys.data && <ListPager controls={controls} connection={page.connection}
        total={t("smallLists.keysTotal", { count: page.connection.totalCount })} />}
    </Stack>
  );
}

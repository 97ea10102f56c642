/**
 * Where a case came from, in one read-only line: "From finding #4 of eval demo", linking to the
 * eval's report page; on a run, with whether the case now passes ("fixed" / "still failing").
 */
import { Anchor, Badge, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export interface CaseOriginShown {
  evalId: string;
  findingIndex?: number | null;
  evalName?: string | null;
}

interface Props {
  origin: CaseOriginShown;
  /** On a run: whether the case passed; leave out where no run is shown. */
  passed?: boolean;
}

export function CaseOriginLine({ origin, passed }: Props) {
  const { t } = useTranslation();
  const name = origin.evalName ?? origin.evalId;
  const text = origin.findingIndex === null || origin.findingIndex === undefined
    ? t("regression.originSession", { name })
    : t("regression.originFinding", { n: origin.findingIndex + 1, name });
  return (
    <Group gap="xs" wrap="wrap" role="note" aria-label={text}>
      <Anchor component={Link} to={`/evals/${origin.evalId}/report`} size="sm">{text}</Anchor>
      {passed !== undefined && (
        <Badge color={passed ? "green" : "red"} variant="light" size="sm">
          {passed ? t("regression.fixed") : t("regression.stillFailing")}
        </Badge>
      )}
      {passed === undefined && <Text span size="xs" c="dimmed" ff="monospace">{origin.evalId.slice(0, 8)}</Text>}
    </Group>
  );
}

/** At a rule that needs a model nobody configured: say so in the UI's language, with the way to the Models page. */
import { Alert, Anchor } from "@mantine/core";
import { createContext, useContext } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { RuleModels } from "./ruleModels";

export const RuleModelsContext = createContext<RuleModels>(new Map());

export function useRuleModels(): RuleModels {
  return useContext(RuleModelsContext);
}

/** What the picker says after a type's name: the model it needs or uses ("" for none). */
export function useRuleTypeModelText(): (name: string) => string {
  const { t } = useTranslation();
  const models = useRuleModels();
  return (name) => {
    const model = models.get(name);
    if (!model) return "";
    const role = t(`models.roles.${model.role}` as "models.roles.JUDGE", { defaultValue: model.role });
    return model.required ? t("editor.needsModel", { role }) : t("editor.usesModel", { role });
  };
}

export function RuleModelNote({ type }: { type: string }) {
  const { t } = useTranslation();
  const model = useRuleModels().get(type);
  if (!model?.missing) return null;
  const role = t(`models.roles.${model.role}` as "models.roles.JUDGE", { defaultValue: model.role });
  return (
    <Alert color="orange" mt="sm" role="alert" title={t("editor.modelMissingTitle", { role })}>
      {t("editor.modelMissing", { role, type })}{" "}
      <Anchor component={Link} to="/models">{t("editor.openModels")}</Anchor>
    </Alert>
  );
}

/**
 * Which rule types ask a model, and whether the scenario can be saved with them: the server refuses
 * a rule whose model role is JUDGE while no JUDGE model is configured (other roles are optional).
 * Plain, tested; the editor says it at the rule before Save.
 */
export interface RuleTypeModel { name: string; modelRole?: string | null }

export interface RuleModel {
  role: string;
  /** Saving is refused without this role's model. */
  required: boolean;
  /** Required and not configured: Save would be refused. */
  missing: boolean;
}

export type RuleModels = ReadonlyMap<string, RuleModel>;

export const REQUIRED_ROLES: ReadonlySet<string> = new Set(["JUDGE"]);

/** Rule type name → its model role and state, for the rule types that use a model. */
export function ruleModels(types: readonly RuleTypeModel[], configuredRoles: Iterable<string>): RuleModels {
  const configured = new Set(configuredRoles);
  const models = new Map<string, RuleModel>();
  for (const type of types) {
    if (!type.modelRole) continue;
    const required = REQUIRED_ROLES.has(type.modelRole);
    models.set(type.name, { role: type.modelRole, required, missing: required && !configured.has(type.modelRole) });
  }
  return models;
}

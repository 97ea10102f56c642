/**
 * The scenario editor's problems at their fields: each rule's params checked against its
 * type's `paramsSchema` (the same schema the server uses), text that does not parse, and the
 * server's VALIDATION_FAILED details. Problems carry API paths (`cases[0].eval_rules[1].params.min_score`);
 * a `ProblemScope` tells the editors inside it where they are, so each finds its own.
 */
import i18next from "i18next";
import { createContext, useContext, useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { insidePath, validateAgainstSchema } from "../../components/forms/validateAgainstSchema";
import { casesInput, type CaseDraft, type CaseInputShape, type DraftProblems, type RuleSchemas } from "./draft";

type RuleShape = CaseInputShape["evalRules"][number];

/** Every rule's params against its schema, case rules and per-turn rules alike. */
export function ruleParamProblems(cases: readonly CaseInputShape[], schemas: RuleSchemas, lang: string): DraftProblems {
  const check = (rules: readonly RuleShape[], path: string) => rules.flatMap((rule, r) =>
    validateAgainstSchema(schemas.get(rule.type) ?? null, rule.params, lang)
      .map((p) => ({ path: `${path}[${r}].params${p.path ? `.${p.path}` : ""}`, message: p.message })));
  return cases.flatMap((c, i) => [
    ...check(c.evalRules, `cases[${i}].eval_rules`),
    ...c.turnChecks.flatMap((turn) => check(turn.evalRules, `cases[${i}].messages[${turn.turnIndex}].eval_rules`)),
  ]);
}

/** Everything wrong with the drafts before saving: text that does not parse, then params against their schemas. */
export function draftProblems(drafts: readonly CaseDraft[], schemas: RuleSchemas, lang: string): DraftProblems {
  const { cases, problems } = casesInput(drafts, schemas);
  const unparsed = new Set(problems.map((p) => p.path));
  // A params field that does not parse is left out of the params: its "required" would repeat the point.
  return [...problems, ...ruleParamProblems(cases, schemas, lang).filter((p) => !unparsed.has(p.path))];
}

/** The whole scenario before saving: a name (a new scenario starts without one), then the cases. */
export function scenarioProblems(name: string, drafts: readonly CaseDraft[], schemas: RuleSchemas, lang: string): DraftProblems {
  const t = i18next.getFixedT(lang.split("-")[0]);
  const own = name.trim() ? [] : [{ path: "name", message: t("schemaErrors.required") }];
  return [...own, ...draftProblems(drafts, schemas, lang)];
}

/** The cases (by index) that have a problem, to unfold them. */
export function casesWithProblems(problems: DraftProblems): number[] {
  return [...new Set(problems.flatMap((p) => {
    const match = /^(?:input\.)?cases\[(\d+)\]/.exec(p.path);
    return match ? [Number(match[1])] : [];
  }))];
}

interface Scope { problems: DraftProblems; prefix: string }
const ProblemsContext = createContext<Scope>({ problems: [], prefix: "" });

const join = (prefix: string, path: string) => (!path ? prefix : !prefix ? path : path.startsWith("[") ? `${prefix}${path}` : `${prefix}.${path}`);

/** Gives the editors inside the problems (at the top) or their place (`cases[2]`, `eval_rules[0]`). */
export function ProblemScope({ problems, path, children }: { problems?: DraftProblems; path?: string; children: ReactNode }) {
  const outer = useContext(ProblemsContext);
  const own = problems ?? outer.problems;
  const prefix = path ? join(outer.prefix, path) : outer.prefix;
  // The same value while nothing changed, so a memoised case under it is not rendered again.
  const scope = useMemo(() => ({ problems: own, prefix }), [own, prefix]);
  return <ProblemsContext.Provider value={scope}>{children}</ProblemsContext.Provider>;
}

/** The problems under `path` (relative to the scope), by their next segment: `{ min_score: "At most 1" }`. */
export function useProblemsUnder(path: string): Record<string, string> {
  const { problems, prefix } = useContext(ProblemsContext);
  const { t, i18n } = useTranslation();
  const base = join(prefix, path);
  const byField: Record<string, string[]> = {};
  for (const problem of problems) {
    const own = problem.path.replace(/^input\./, "");
    if (!own.startsWith(`${base}.`)) continue;
    const match = /^([^.[]+)(.*)$/.exec(own.slice(base.length + 1));
    if (!match) continue;
    const rest = match[2].replace(/^\./, "");
    const message = t(`schemaForm.${problem.message}`, { defaultValue: problem.message });
    (byField[match[1]] ??= []).push(rest ? `${insidePath(rest, i18n.language)}: ${message}` : message);
  }
  return Object.fromEntries(Object.entries(byField).map(([key, texts]) => [key, texts.join("; ")]));
}

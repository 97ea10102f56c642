/**
 * The API's field paths (`cases[3].eval_rules[1].params.required_slots[5]`, 0-based) as
 * people read them: each known segment by its label and every item numbered from 1
 * ("Case 4 › Rule 2 › Required slots 6"). Unknown segments are shown as they are.
 */
export type PathLabels = Record<string, string>;

export function humanPath(path: string, labels: PathLabels): string {
  if (!path) return "";
  const parts: string[] = [];
  for (const segment of path.split(".")) {
    const match = /^([^[\]]+)((?:\[\d+\])*)$/.exec(segment);
    if (!match) { parts.push(segment); continue; }
    const [, name, indexes] = match;
    const numbers = [...indexes.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]) + 1);
    if (name === "params" && labels.params === undefined) continue; // "params" says nothing to a person
    const label = labels[name] ?? name;
    parts.push(numbers.length ? `${label} ${numbers.join(".")}` : label);
  }
  return parts.join(" › ");
}

/**
 * A queue's name in the UI's language. The server names a run's or eval's appeals queue in
 * English ("Appeals: <name> · run 1a2b3c4d", what the CLI and API clients read); the UI words
 * it itself from `appealsOf` ("run:<id>" / "eval:<id>") and `appealsOfName` (the run's
 * campaign or the eval). Other queues keep the name their creator gave.
 */
import type { TFunction } from "i18next";

export interface NamedQueue {
  name: string;
  appealsOf?: string | null;
  appealsOfName?: string | null;
}

export function queueName(queue: NamedQueue, t: TFunction): string {
  if (!queue.appealsOf || queue.appealsOfName == null) return queue.name;
  const [kind, id = ""] = queue.appealsOf.split(":");
  const values = { name: queue.appealsOfName, id: id.slice(0, 8) };
  if (kind === "run") return t("workbench.appealsQueue.run", values);
  if (kind === "eval") return t("workbench.appealsQueue.eval", values);
  return queue.name;
}

/**
 * A queue page's heading. An appeals queue's name already says what it is ("Appeals: …",
 * "申诉：…"), so it stands alone; "Queue: Appeals: …" read as two labels in a row.
 */
export function queueTitle(queue: NamedQueue | null | undefined, queueId: string, t: TFunction): string {
  if (queue?.appealsOf && queue.appealsOfName != null) return queueName(queue, t);
  return t("workbench.queue.title", { name: queue ? queueName(queue, t) : queueId });
}

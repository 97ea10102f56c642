/** Options for a target picker: the name with its channel type, and when two share a name, when and which. */
import type { TFunction } from "i18next";
import { formatTime } from "../time";
import { pickerOptions } from "./pickerLabels";

interface TargetOption { id: string; name: string; channelType: string; createdAt: string }

export function targetPickerOptions(targets: readonly TargetOption[], t: TFunction, language: string) {
  return pickerOptions(targets, (x) => x.channelType,
    // Two targets made in the same minute share a time: the id's start always differs.
    (x) => `${t("lists.created", { time: formatTime(x.createdAt, language) })}, #${x.id.slice(0, 8)}`);
}

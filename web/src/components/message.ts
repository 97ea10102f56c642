/**
 * A message kept in component state as its key and values, and translated when rendered: a
 * notice saved as translated text would stay in the language it was made in after the UI's
 * language is switched.
 */
import type { ParseKeys, TFunction } from "i18next";

export interface Message {
  key: ParseKeys;
  values?: Record<string, string | number>;
}

export function message(key: ParseKeys, values?: Record<string, string | number>): Message {
  return values ? { key, values } : { key };
}

/** The message in the UI's current language (`t` from `useTranslation`, so a switch re-renders). */
export function say(t: TFunction, said: Message): string {
  // The keys are checked where a message is made; here any key of the catalogue goes.
  return (t as unknown as (key: string, values?: Record<string, string | number>) => string)(said.key, said.values);
}

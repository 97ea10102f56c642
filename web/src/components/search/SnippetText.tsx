/** A search snippet: the query's words marked. Text only, never HTML. */
import { Text } from "@mantine/core";

export function SnippetText({ fragments }: { fragments: readonly { text: string; highlighted: boolean }[] }) {
  return (
    <Text size="sm" style={{ wordBreak: "break-word" }}>
      {fragments.map((fragment, index) => fragment.highlighted
        ? <mark key={index}>{fragment.text}</mark>
        : <span key={index}>{fragment.text}</span>)}
    </Text>
  );
}

/** The header's search box: submitting opens the search page for the words typed. */
import { TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

export function SearchBox({ onSearch, width = 200 }: { onSearch?(): void; width?: number | string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState("");
  return (
    <form role="search" aria-label={t("search.label")} onSubmit={(event) => {
      event.preventDefault();
      const query = text.trim();
      if (!query) return;
      onSearch?.();
      void navigate(`/search?q=${encodeURIComponent(query)}`);
    }}>
      <TextInput size="xs" type="search" w={width} value={text} onChange={(e) => setText(e.currentTarget.value)}
        placeholder={t("search.placeholder")} aria-label={t("search.label")} />
    </form>
  );
}

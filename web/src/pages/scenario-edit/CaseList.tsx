/**
 * The scenario's cases, virtualised against the window: only the rows near the viewport are in
 * the page, so a 1,000-case scenario opens and types as fast as a 10-case one. Rows are measured
 * as they render (a folded case is a line, an open one its whole form). A search narrows the list.
 */
import { Text, TextInput } from "@mantine/core";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { forwardRef, useEffect, useImperativeHandle, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CaseEditor } from "./CaseEditor";
import { matchingCases, type CaseRow } from "./caseRows";
import type { CaseDraft, RuleSchemas } from "./draft";
import { ProblemScope } from "./editorProblems";

interface Props {
  rows: readonly CaseRow[];
  schemas: RuleSchemas;
  open: ReadonlySet<number>; // row ids
  onChange(index: number, draft: CaseDraft): void;
  onRemove(index: number): void;
  onDuplicate(index: number): void;
  onToggle(index: number): void;
}

/** What the page asks of the list: bring a case into the page (to show a problem or a new case). */
export interface CaseListHandle { reveal(index: number): void }

const FOLDED_HEIGHT = 96; // a folded case's card; the real height is measured

export const CaseList = forwardRef<CaseListHandle, Props>(function CaseList({ rows, schemas, open, onChange, onRemove, onDuplicate, onToggle }, ref) {
  const { t } = useTranslation();
  const [query, setQuery] = useState("");
  const shown = useMemo(() => matchingCases(rows, query), [rows, query]);
  const listRef = useRef<HTMLDivElement>(null);
  const [margin, setMargin] = useState(0);
  // After the first paint, not before it (a layout effect's update re-rendered the list synchronously,
  // ahead of the first rows being shown): until then the margin is 0 and the list renders the rows of
  // the window's first screen from the page's top, a few more than are visible, each placed right
  // (its transform is `start - margin`, the same with any margin).
  useEffect(() => {
    const top = listRef.current ? listRef.current.getBoundingClientRect().top + window.scrollY : 0;
    setMargin(top);
  }, [rows.length > 0, query === ""]); // eslint-disable-line react-hooks/exhaustive-deps -- only the content above the list moves it
  const virtualizer = useWindowVirtualizer({
    count: shown.length, estimateSize: () => FOLDED_HEIGHT, overscan: 6, scrollMargin: margin,
    getItemKey: (i) => rows[shown[i]]?.id ?? i,
  });
  useImperativeHandle(ref, () => ({
    reveal(index: number) {
      setQuery("");
      virtualizer.scrollToIndex(index, { align: "start" });
    },
  }), [virtualizer]);

  return (
    <>
      {rows.length > 10 && (
        <TextInput type="search" label={t("editor.findCase")} value={query} onChange={(e) => setQuery(e.currentTarget.value)}
          description={query ? t("editor.casesShown", { shown: shown.length, count: rows.length }) : undefined} />
      )}
      {query && shown.length === 0 && <Text c="dimmed">{t("editor.noCaseFound")}</Text>}
      <div ref={listRef} style={{ position: "relative", height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const index = shown[item.index];
          const row = rows[index];
          return (
            <div key={item.key} data-index={item.index} ref={virtualizer.measureElement}
              style={{ position: "absolute", top: 0, left: 0, width: "100%", paddingBottom: 12, transform: `translateY(${item.start - margin}px)` }}>
              <ProblemScope path={`cases[${index}]`}>
                <CaseEditor index={index} draft={row.draft} schemas={schemas} collapsed={!open.has(row.id)}
                  onChange={onChange} onToggle={onToggle} onRemove={onRemove} onDuplicate={onDuplicate} />
              </ProblemScope>
            </div>
          );
        })}
      </div>
    </>
  );
});

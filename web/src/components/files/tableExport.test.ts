import { describe, expect, it } from "vitest";
import { columnsOf, csvCell, toCsv, toJson } from "./tableExport";

describe("CSV and JSON exports", () => {
  it("starts the CSV with a byte-order mark so Excel reads UTF-8 Chinese", () => {
    const csv = toCsv([{ caseKey: "退款", passed: true }]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1)).toBe("caseKey,passed\r\n退款,true\r\n");
  });

  it("escapes text a spreadsheet would run as a formula, but not numbers", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(csvCell(`${start}1+1`).replace(/^"/, "")).toMatch(/^'/);
    expect(csvCell("=HYPERLINK(\"http://x\")")).toBe("\"'=HYPERLINK(\"\"http://x\"\")\"");
    expect(csvCell(-0.5)).toBe("-0.5");
    expect(csvCell("a-b")).toBe("a-b");
  });

  it("quotes commas, quotes and line breaks, and writes nested values as JSON", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell({ a: [1, 2] })).toBe('"{""a"":[1,2]}"');
    expect(csvCell(null)).toBe("");
  });

  it("keeps every field of every row, in first-seen order, without __typename", () => {
    expect(columnsOf([{ __typename: "X", a: 1 }, { b: 2, a: 3 }])).toEqual(["a", "b"]);
    expect(toCsv([{ a: 1 }, { b: "x" }]).slice(1)).toBe("a,b\r\n1,\r\n,x\r\n");
  });

  it("writes JSON with the API's field names and nothing else", () => {
    expect(JSON.parse(toJson([{ __typename: "CaseOutcome", caseKey: "k", turns: [{ index: 0 }] }]))).toEqual([{ caseKey: "k", turns: [{ index: 0 }] }]);
  });
});

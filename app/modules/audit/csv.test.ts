import { describe, expect, it } from "vitest";
import { csvCell, csvRecord, toCsv, UTF8_BOM } from "./csv";

describe("csvCell", () => {
  it("leaves plain text as it is and writes nothing for a missing value", () => {
    expect(csvCell("admin.audit_viewed")).toBe("admin.audit_viewed");
    expect(csvCell("Adjoa Mensah")).toBe("Adjoa Mensah");
    expect(csvCell(42)).toBe("42");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it("quotes fields with commas, quotes and line breaks, doubling the quotes (RFC 4180)", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell('{"page":"about"}')).toBe('"{""page"":""about""}"');
  });

  it("neutralises cells a spreadsheet would run as a formula", () => {
    expect(csvCell("=HYPERLINK(\"http://evil\")")).toBe("\"'=HYPERLINK(\"\"http://evil\"\")\"");
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("+33 1 23")).toBe("'+33 1 23");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("\rcmd")).toBe("\"'\rcmd\"");
  });

  it("leaves a formula character that is not first alone", () => {
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell(" =1")).toBe(" =1");
  });
});

describe("toCsv", () => {
  it("writes a BOM, the header and one CRLF-ended record per row", () => {
    expect(csvRecord(["a", null, "=x"])).toBe("a,,'=x\r\n");
    expect(toCsv(["when", "what"], [["2026-01-01", "x,y"], ["2026-01-02", "z"]])).toBe(
      `${UTF8_BOM}when,what\r\n2026-01-01,"x,y"\r\n2026-01-02,z\r\n`,
    );
    expect(toCsv(["only"], [])).toBe(`${UTF8_BOM}only\r\n`);
  });
});

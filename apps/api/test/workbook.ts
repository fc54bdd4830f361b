import ExcelJS from 'exceljs';

/**
 * A downloaded workbook (a 200 answer's bytes) read back: each sheet by its name as rows of cell
 * values, the empty rows left out and column A first.
 */
export async function sheetsOf(response: {
  statusCode: number;
  rawPayload: Buffer;
}): Promise<(name: string) => unknown[][]> {
  expect(response.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return (name) =>
    workbook
      .getWorksheet(name)!
      .getSheetValues()
      .filter(Boolean)
      .map((row) => (row as unknown[]).slice(1));
}

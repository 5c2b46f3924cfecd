/** The MIME type of an .xlsx file. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * exceljs, loaded the first time a user exports and never before: it never weighs on the page
 * that offers the export.
 */
export async function loadExcel() {
  const module = await import('exceljs');
  // The browser build is CommonJS: its exports arrive as the default export.
  return (module as unknown as { default?: typeof module }).default ?? module;
}

/** The workbook as a Blob the browser can download. */
export async function workbookBlob(workbook: {
  xlsx: { writeBuffer: () => Promise<unknown> };
}): Promise<Blob> {
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer as BlobPart], { type: XLSX_TYPE });
}

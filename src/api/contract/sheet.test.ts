import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { layOutColumns, type SheetColumn } from './sheet';

const COLUMNS = [
  { header: 'Tool', key: 'name', width: 28 },
  { header: 'Licence expiry', key: 'expiry', width: 14 },
] as const satisfies readonly SheetColumn[];

describe('layOutColumns', () => {
  it('heads the sheet with its columns in bold, a filter over every column', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Tools register');
    layOutColumns(sheet, COLUMNS);
    sheet.addRow({ name: 'Jira', expiry: 'never' });

    const read = new ExcelJS.Workbook();
    await read.xlsx.load(await workbook.xlsx.writeBuffer());
    const written = read.getWorksheet('Tools register')!;
    expect(written.getRow(1).values).toEqual([undefined, 'Tool', 'Licence expiry']);
    expect(written.getRow(1).font?.bold).toBe(true);
    expect(written.getRow(2).values).toEqual([undefined, 'Jira', 'never']);
    expect(written.getColumn(1).width).toBe(28);
    expect(written.autoFilter).toEqual('A1:B1');
  });
});

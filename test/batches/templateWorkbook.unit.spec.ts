import type { Variable } from '@credit/scoring';
import { listValues, readWorkbook, rowTexts, validationAt } from '../support/workbookValidations';
import { templateColumns } from '../../command-api/src/batches/templateColumns';
import { LISTS_SHEET, templateWorkbook, VALIDATED_ROWS } from '../../command-api/src/batches/templateWorkbook';

const variable = (draft: Partial<Variable> & Pick<Variable, 'id' | 'name' | 'responseType'>): Variable => ({
  uniqueCode: draft.id,
  description: `About ${draft.name}`,
  categoryId: 1,
  proportion: 50,
  minValue: 0,
  maxValue: 100,
  isRequired: true,
  mask: false,
  isActive: true,
  ...draft,
});

// Forty sectors of thirty-odd characters: far past Excel's 255-character inline list.
const sectors = Array.from({ length: 40 }, (_, index) => `Agriculture and food processing ${index + 1}`);

const model = {
  variables: [
    variable({
      id: 1,
      name: 'Business sector',
      responseType: 'categorical',
      categoryMappings: sectors.map((categoryName, index) => ({ categoryName, numericValue: index })),
    }),
    variable({
      id: 2,
      name: 'Region',
      responseType: 'categorical',
      categoryMappings: [
        { categoryName: 'Centre', numericValue: 50 },
        { categoryName: 'Littoral, Douala', numericValue: 100 },
      ],
    }),
    variable({ id: 3, name: 'Monthly income', responseType: 'int_float', minValue: 25_000, maxValue: 5_000_000, isRequired: false }),
    variable({ id: 4, name: 'Old variable', responseType: 'boolean', isActive: false }),
  ],
};

describe('When the template workbook is written', () => {
  it('should point a list longer than 255 characters at a hidden sheet holding exactly its values', async () => {
    const book = await readWorkbook(await templateWorkbook(templateColumns(model)));
    const clients = book.worksheets[0];
    const validation = validationAt(clients, 'E2');
    expect(validation?.type).toBe('list');
    expect(String(validation?.formulae[0])).not.toMatch(/^"/);
    expect(listValues(book, String(validation?.formulae[0]))).toEqual(sectors);
    expect(book.getWorksheet(LISTS_SHEET)?.state).toBe('hidden');
    // Excel reports a file as damaged past 225 characters of error message.
    expect(validation?.error).toMatch(/^Business sector takes one of: Agriculture and food processing 1; /);
    expect(validation?.error?.length).toBeLessThanOrEqual(225);
    expect(validationAt(clients, `E${VALIDATED_ROWS + 1}`)).toEqual(validation);
    expect(validationAt(clients, `E${VALIDATED_ROWS + 2}`)).toBeUndefined();
  });

  it('should keep a value holding a comma whole by pointing at the hidden sheet too', async () => {
    const book = await readWorkbook(await templateWorkbook(templateColumns(model)));
    const validation = validationAt(book.worksheets[0], 'F2');
    expect(listValues(book, String(validation?.formulae[0]))).toEqual(['Centre', 'Littoral, Douala']);
  });

  it('should check a number column against its range and leave inactive variables out', async () => {
    const book = await readWorkbook(await templateWorkbook(templateColumns(model)));
    const clients = book.worksheets[0];
    expect(rowTexts(clients, 1, 8)).toEqual([
      'name',
      'reference_number',
      'phoneNumber',
      'email',
      'Business sector',
      'Region',
      'Monthly income',
      '',
    ]);
    expect(validationAt(clients, 'G2')).toMatchObject({
      type: 'decimal',
      operator: 'between',
      formulae: [25_000, 5_000_000],
      prompt: 'A number from 25000 to 5000000.',
    });
    expect(validationAt(clients, 'A2')).toBeUndefined();
  });

  it('should write the given rows under the header', async () => {
    const book = await readWorkbook(
      await templateWorkbook(templateColumns(model), [['Amina Ndiaye', 'CR-1', '+237600000000', '', 'Centre', 'Centre', 125_000]]),
    );
    expect(book.worksheets[0].getCell('C2').value).toBe('+237600000000');
    expect(book.worksheets[0].getCell('G2').value).toBe(125_000);
  });
});

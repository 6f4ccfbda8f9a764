import { auditDescription } from './auditDescription';

describe('Audit descriptions', () => {
  describe('When a count is one', () => {
    it('should name the thing in the singular', () => {
      expect(auditDescription({ type: 'VariableProportionsRedistributed', data: { categoryId: 3, proportions: [{ id: 1 }] } })).toBe(
        'Proportions of 1 variable in category #3 redistributed',
      );
      expect(auditDescription({ type: 'InstitutionParametersSet', data: { institutionId: 9, changes: [{ id: 1 }] } })).toBe(
        'Set 1 parameter value of institution REG-9',
      );
      expect(auditDescription({ type: 'ResultsExported', data: { rows: 1, format: 'csv' } })).toBe('Exported 1 result as csv');
      expect(auditDescription({ type: 'BatchRowsRejected', data: { batchId: 4, errors: [{ row: 2 }] } })).toBe(
        'Recorded 1 row error for batch 4',
      );
    });
  });

  describe('When a count is zero or several', () => {
    it('should name the thing in the plural', () => {
      expect(auditDescription({ type: 'VariableProportionsRedistributed', data: { categoryId: 3, proportions: [{}, {}] } })).toBe(
        'Proportions of 2 variables in category #3 redistributed',
      );
      expect(auditDescription({ type: 'ResultsExported', data: { rows: 0, format: 'csv' } })).toBe('Exported 0 results as csv');
      expect(auditDescription({ type: 'BatchUploadCompleted', data: { batchId: 4, acceptedRows: 1, rejectedRows: 2 } })).toBe(
        'Upload of batch 4 completed: 1 record accepted, 2 rejected',
      );
    });
  });
});

import { requiredDocuments } from './required-documents';
import { STATEMENT_FILE_MAX_BYTES } from './upload-rules';

const typesOf = (kind: Parameters<typeof requiredDocuments>[0]) =>
  requiredDocuments(kind).map((document) => document.fileType);

describe('the documents each applicant uploads', () => {
  it('asks no company for salary slips, an EPF statement or Form EA/B/BE', () => {
    expect(typesOf('COMPANY')).toEqual([
      'SSM_DOCUMENT',
      'BANK_STATEMENT',
      'PREMISE_PICTURE',
      'OTHER',
    ]);
  });

  it('asks a sole proprietor and a partnership for their tax return, not for salary papers', () => {
    for (const kind of ['SOLE_PROP', 'PARTNERSHIP'] as const) {
      expect(typesOf(kind)).toContain('FORM_EA_OR_BE');
      expect(typesOf(kind)).not.toContain('SALARY_SLIP');
      expect(typesOf(kind)).not.toContain('EPF_STATEMENT');
    }
  });

  it('keeps the limits of spec section 5 wherever a document is asked for', () => {
    const salaried = requiredDocuments('SALARIED');
    expect(salaried.find((d) => d.fileType === 'SALARY_SLIP')).toMatchObject({
      requiredFileCount: 3,
      maxFileCount: 3,
    });
    for (const kind of ['SOLE_PROP', 'PARTNERSHIP', 'COMPANY', 'SALARIED'] as const) {
      const bank = requiredDocuments(kind).find((d) => d.fileType === 'BANK_STATEMENT');
      expect(bank).toMatchObject({
        requiredFileCount: 1,
        maxFileCount: 1,
        acceptedTypes: ['application/pdf'],
        maxBytes: STATEMENT_FILE_MAX_BYTES,
      });
    }
    expect(
      requiredDocuments('COMPANY').find((d) => d.fileType === 'PREMISE_PICTURE'),
    ).toMatchObject({ requiredFileCount: 5 });
    expect(requiredDocuments('COMPANY').map((d) => d.displayOrder)).toEqual([1, 2, 3, 4]);
  });
});

import {
  checkUpload,
  formatMegabytes,
  GENERAL_FILE_MAX_BYTES,
  isRequirementSatisfied,
  MEGABYTE,
  STATEMENT_FILE_MAX_BYTES,
  uploadRefusalMessage,
  type UploadRule,
} from './upload-rules';

const general: UploadRule = {
  acceptedTypes: ['application/pdf', 'image/png', 'image/jpeg'],
  maxBytes: GENERAL_FILE_MAX_BYTES,
  requiredFileCount: 0,
  maxFileCount: 3,
};
const statement: UploadRule = {
  acceptedTypes: ['application/pdf'],
  maxBytes: STATEMENT_FILE_MAX_BYTES,
  requiredFileCount: 1,
  maxFileCount: 1,
};
const salarySlip: UploadRule = { ...general, requiredFileCount: 3, maxFileCount: 3 };
const premise: UploadRule = {
  acceptedTypes: ['image/png', 'image/jpeg'],
  maxBytes: GENERAL_FILE_MAX_BYTES,
  requiredFileCount: 5,
  maxFileCount: 10,
};

const pdf = (sizeBytes: number, sha256 = 'a') => ({
  mimeType: 'application/pdf',
  sizeBytes,
  sha256,
});
const uploaded = (sha256: string) => ({
  sha256,
  sizeBytes: 100,
  originalFileName: `${sha256}.pdf`,
});

describe('upload rules (spec section 5)', () => {
  it('accepts pdf, png and jpeg for general documents', () => {
    for (const mimeType of ['application/pdf', 'image/png', 'image/jpeg']) {
      expect(checkUpload(general, { mimeType, sizeBytes: 100 }, [])).toBeNull();
    }
  });

  it('refuses other content types for general documents', () => {
    expect(checkUpload(general, { mimeType: 'image/gif', sizeBytes: 100 }, [])).toEqual({
      reason: 'type',
      acceptedTypes: general.acceptedTypes,
    });
    expect(checkUpload(general, { mimeType: null, sizeBytes: 100 }, [])?.reason).toBe('type');
  });

  it('accepts only pdf for statements', () => {
    expect(checkUpload(statement, pdf(100), [])).toBeNull();
    expect(checkUpload(statement, { mimeType: 'image/png', sizeBytes: 100 }, [])?.reason).toBe(
      'type',
    );
    expect(uploadRefusalMessage({ reason: 'type', acceptedTypes: statement.acceptedTypes })).toBe(
      'Only PDF files are accepted',
    );
  });

  it('accepts a general file of 5 MB and refuses one larger', () => {
    expect(checkUpload(general, pdf(5 * MEGABYTE), [])).toBeNull();
    const refusal = checkUpload(general, pdf(5 * MEGABYTE + 1), []);
    expect(refusal).toEqual({ reason: 'size', maxBytes: 5 * MEGABYTE });
    expect(uploadRefusalMessage(refusal!)).toBe('File must be smaller than 5MB');
  });

  it('accepts a statement of 10 MB and refuses one larger', () => {
    expect(checkUpload(statement, pdf(10 * MEGABYTE), [])).toBeNull();
    const refusal = checkUpload(statement, pdf(10 * MEGABYTE + 1), []);
    expect(uploadRefusalMessage(refusal!)).toBe('File must be smaller than 10MB');
  });

  it('refuses an empty file', () => {
    expect(checkUpload(general, pdf(0), [])).toEqual({ reason: 'empty' });
  });

  it('refuses a file already uploaded to the application, whatever its type', () => {
    const refusal = checkUpload(general, pdf(100, 'same'), [], [uploaded('same')]);
    expect(uploadRefusalMessage(refusal!)).toBe('This file has already been uploaded');
    expect(checkUpload(general, pdf(100, 'other'), [], [uploaded('same')])).toBeNull();
  });

  it('recognises a duplicate by name and size when the hash is not known', () => {
    const byName = { mimeType: 'application/pdf', sizeBytes: 100, name: 'same.pdf' };
    expect(checkUpload(general, byName, [uploaded('same')])?.reason).toBe('duplicate');
    expect(checkUpload(general, { ...byName, sizeBytes: 101 }, [uploaded('same')])).toBeNull();
  });

  it('limits other documents to 3 files', () => {
    const two = [uploaded('1'), uploaded('2')];
    expect(checkUpload(general, pdf(100), two)).toBeNull();
    const refusal = checkUpload(general, pdf(100), [...two, uploaded('3')]);
    expect(uploadRefusalMessage(refusal!)).toBe('You can upload at most 3 files');
  });

  it('takes exactly 3 salary slips', () => {
    const three = [uploaded('1'), uploaded('2'), uploaded('3')];
    expect(checkUpload(salarySlip, pdf(100), three.slice(0, 2))).toBeNull();
    expect(isRequirementSatisfied({ isRequired: true, requiredFileCount: 3 }, 2)).toBe(false);
    expect(isRequirementSatisfied({ isRequired: true, requiredFileCount: 3 }, 3)).toBe(true);
    const refusal = checkUpload(salarySlip, pdf(100), three);
    expect(uploadRefusalMessage(refusal!)).toBe('Please upload exactly 3 documents');
  });

  it('takes exactly 1 bank statement', () => {
    expect(checkUpload(statement, pdf(100), [])).toBeNull();
    const refusal = checkUpload(statement, pdf(100), [uploaded('1')]);
    expect(uploadRefusalMessage(refusal!)).toBe('Please upload exactly 1 document');
  });

  it('needs at least 5 premise pictures, images only', () => {
    expect(isRequirementSatisfied({ isRequired: true, requiredFileCount: 5 }, 4)).toBe(false);
    expect(isRequirementSatisfied({ isRequired: true, requiredFileCount: 5 }, 5)).toBe(true);
    expect(checkUpload(premise, { mimeType: 'image/jpeg', sizeBytes: 100 }, [])).toBeNull();
    expect(checkUpload(premise, pdf(100), [])?.reason).toBe('type');
  });

  it('treats an optional type as satisfied with no files', () => {
    expect(isRequirementSatisfied({ isRequired: false, requiredFileCount: 0 }, 0)).toBe(true);
  });

  it('words sizes in megabytes as the spec does', () => {
    expect(formatMegabytes(10 * MEGABYTE)).toBe('10MB');
    expect(formatMegabytes(1.5 * MEGABYTE)).toBe('1.5MB');
  });
});

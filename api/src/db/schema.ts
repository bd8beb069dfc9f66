// Every table of api/migrations as Drizzle sees them, one file per area. The SQL files are the
// source of truth; `schema.test.ts` checks that every column named here exists there with the
// same nullability, and that no column is left undeclared.
export * from './schema-core';
export * from './schema-applications';
export * from './schema-ekyc';
export * from './schema-registration';
export * from './schema-files';
export * from './schema-jobs';
export * from './schema-events';
export * from './schema-underwriting';
export * from './schema-staff';
export * from './schema-agreements';
export * from './schema-signing';
export * from './schema-agreement-documents';
export * from './schema-mandates';
export * from './schema-attestation';
export * from './schema-disbursements';
export * from './schema-repayments';
export * from './schema-gateway-payments';
export * from './schema-books';
export * from './schema-refunds';
export * from './schema-bank-in-slips';
export * from './schema-settlement';
export * from './schema-collections';
export * from './schema-collection-work';
export * from './schema-payment-channels';
export * from './schema-master-setup';
export * from './schema-providers';
export * from './schema-business-date';
export * from './schema-finance';
export * from './schema-reconciliation';

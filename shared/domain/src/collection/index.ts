export * from './collection-case';
export * from './contact-rules';
export * from './promise-to-pay';
export * from './termination';

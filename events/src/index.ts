export * from './errors';
export * from './metadata';
export * from './catalogue';
export * from './eventStore';
export * from './postgres/postgresEventStore';
export * from './postgres/migrations';
export * from './postgres/verifyChain';
export * from './ids';

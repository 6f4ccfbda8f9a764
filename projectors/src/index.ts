export * from './runtime/projection';
export * from './runtime/projectionRunner';
export * from './runtime/checkpoints';
export * from './runtime/rebuild';
export * from './runtime/migrations';
export * from './runtime/logger';
export * from './allProjections';

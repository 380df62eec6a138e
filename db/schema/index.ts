export * from './auth';
export * from './catalog';
export * from './commerce';
export * from './audit';
export * from './counts';
export * from './limits';
export * from './messages';
export * from './farm';

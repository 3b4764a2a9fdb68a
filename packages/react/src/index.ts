export * from './primitives';
export * from './provider';
export * from './shell';
export * from './theme';
export * from './tools';

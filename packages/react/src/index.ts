export * from './primitives';
export * from './provider';
export * from './shell';
export * from './theme';
export * from './tools';
export * from './workflows';

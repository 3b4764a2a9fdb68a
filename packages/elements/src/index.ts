export * from './define';
export * from './tools';
export * from './workflows';

export * from './define';
export * from './tools';

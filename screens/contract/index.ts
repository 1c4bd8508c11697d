export * from './actions.js';
export * from './components.js';
export * from './screen.js';
export * from './protocol.js';
export * from './flows.js';
export * from './conditions.js';
export * from './routes.js';

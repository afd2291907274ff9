// The survey's questions and the answer check, zod-free: the device's survey descriptor and mutator
// need them as the app starts, before any schema loads.
export * from './questions';
export * from './answers';

export * from './envelope';
export * from './rules/user';
export * from './auth/user';
export * from './auth/login';
export * from './auth/users';

export { LightApp, useAppApis } from './light-app';

export { Disclosure } from './disclosure';

export { StatusTag, type StatusTone } from './status-tag';

export { DetailDialog } from './detail-dialog';

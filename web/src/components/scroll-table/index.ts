export {
  ScrollTable,
  serverPagination,
  STICKY_ACTIONS,
  WRAP_CELL,
  type ScrollCards,
  type ScrollColumn,
  type ServerPaging,
} from './scroll-table';

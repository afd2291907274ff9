export { ScrollTable, serverPagination, STICKY_ACTIONS, type ServerPaging } from './scroll-table';

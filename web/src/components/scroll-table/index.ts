export { ScrollTable, serverPagination, type ServerPaging } from './scroll-table';

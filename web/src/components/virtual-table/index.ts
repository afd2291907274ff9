export { VirtualTable, type VirtualCards, type VirtualColumn, type VirtualTableHandle } from './virtual-table';
export { SortControl, type SortOption } from './sort-control';
export { useTableHeight, type TableChrome } from './use-table-height';

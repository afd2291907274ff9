export { VirtualTable, type VirtualColumn, type VirtualTableHandle } from './virtual-table';

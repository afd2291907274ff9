export { FilterBar, FilterField } from './filter-bar';

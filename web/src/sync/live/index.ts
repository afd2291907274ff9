export { customerCache, useCustomers, useCustomerSearch, compareEntries, type CustomerEntry, type CustomerSnapshot } from './customers';
export { normalizeForSearch } from './search-normalize';

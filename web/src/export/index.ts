export { csvBlob, csvCell, downloadBlob, downloadCsv, encodeCsv, type CsvCell, type CsvRow } from './csv';

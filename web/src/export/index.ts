export { csvBlob, csvCell, downloadCsv, encodeCsv, type CsvCell, type CsvRow } from './csv';

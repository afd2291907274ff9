export { csvBlob, downloadBlob, downloadCsv } from './csv';

export { Paragraph, Text, Title } from './text';

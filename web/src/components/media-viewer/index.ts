export { MediaViewer } from './media-viewer';

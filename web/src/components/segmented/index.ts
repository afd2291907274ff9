export { Segmented, type SegmentedOption } from './segmented';

export { onDemand } from './on-demand';
export { whenIdle } from './when-idle';

export { onDemand } from './on-demand';
export { whenIdle, whenLoaded } from './when-idle';

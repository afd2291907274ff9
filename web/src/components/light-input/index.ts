export { InputOnDemand, preloadInput } from './input-on-demand';
export { LightInput, type LightInputProps } from './light-input';

export { useAntdLook } from './antd-look';
export { CSS_VAR_KEY } from './css-var-key';

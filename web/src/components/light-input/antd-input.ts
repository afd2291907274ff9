// antd's Input as a module of its own, loaded after the first screen (input-on-demand.tsx).
export { Input } from 'antd';

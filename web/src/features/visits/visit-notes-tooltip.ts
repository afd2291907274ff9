// antd's Tooltip as a module of its own, so the visit list can load it after its rows are shown.
export { Tooltip } from 'antd';

export { BarChart, HorizontalBars, type BarPoint, type BarSeries } from './bar-chart';

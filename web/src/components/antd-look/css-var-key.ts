/**
 * The name of the theme's CSS variables, as app/theme.ts sets it (scripts/antd-static-style.test.ts checks
 * they agree): one name in the browser and in the stylesheet written at build time. Left to itself antd
 * names them after a React id, which differs there.
 */
export const CSS_VAR_KEY = 'css-var-clinic';

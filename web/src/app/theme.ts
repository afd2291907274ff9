import type { ConfigProviderProps, ThemeConfig } from 'antd';

/** Calm clinical teal; controls sized for a finger on a 10-inch tablet. */
export const theme: ThemeConfig = {
  // One name for the theme's CSS variables in the browser and in the stylesheet written at build time;
  // the light components put it on their elements (components/antd-look, whose CSS_VAR_KEY it equals).
  cssVar: { key: 'css-var-clinic' },
  token: {
    colorPrimary: '#0f766e',
    colorInfo: '#0f766e',
    colorLink: '#0f766e',
    // antd's defaults (#ff4d4f, 45 % black) give 3.3:1; danger text and captions need 4.5:1.
    colorError: '#c62828',
    colorTextDescription: 'rgba(0, 0, 0, 0.58)',
    // antd's placeholder grey is 1.9:1 on white: a hint (先に顧客を選択してください) must be readable too.
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
    fontSize: 16,
    // 44 px: the smallest target a finger hits reliably (buttons, inputs, selects, close buttons).
    controlHeight: 44,
    controlHeightLG: 48,
    // One scale: the page title in the top bar (h1) is the largest text on any page.
    fontSizeHeading1: 22,
    fontSizeHeading2: 20,
    fontSizeHeading3: 18,
    fontSizeHeading4: 16,
    fontSizeHeading5: 16,
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Hiragino Sans', 'Hiragino Kaku Gothic ProN', 'Noto Sans JP', 'Noto Sans CJK JP', Meiryo, sans-serif",
  },
  components: {
    Layout: {
      headerBg: '#ffffff',
      siderBg: '#ffffff',
      bodyBg: '#f5f7f7',
      headerPadding: '0 16px',
      footerBg: '#f5f7f7',
    },
    // A detail's labels (端末情報, 受信日時) are 45 % black by default, 3.4:1 on white.
    Descriptions: { labelColor: 'rgba(0, 0, 0, 0.65)' },
  },
};

/** antd's drawer close button is 26 px; a finger needs 44. */
export const drawerConfig: ConfigProviderProps['drawer'] = {
  styles: { close: { width: 44, height: 44 }, header: { paddingBlock: 10, paddingInline: 16 } },
};

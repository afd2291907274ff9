import type { ThemeConfig } from 'antd';

/** Calm clinical teal; controls sized for a finger on a 10-inch tablet. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#0f766e',
    colorInfo: '#0f766e',
    colorLink: '#0f766e',
    fontSize: 16,
    controlHeight: 40,
    controlHeightLG: 48,
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Hiragino Sans', 'Hiragino Kaku Gothic ProN', 'Noto Sans JP', 'Noto Sans CJK JP', Meiryo, sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', bodyBg: '#f5f7f7', headerPadding: '0 16px', footerBg: '#f5f7f7' },
  },
};

import {
  AndroidOutlined,
  BarChartOutlined,
  CalendarOutlined,
  DashboardOutlined,
  FileSearchOutlined,
  FormOutlined,
  MedicineBoxOutlined,
  SettingOutlined,
  SmileOutlined,
  TeamOutlined,
  UserSwitchOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { PageKey } from '../../i18n/ja';

export const NAV_ICONS: Record<PageKey, ReactNode> = {
  dashboard: <DashboardOutlined />,
  customers: <TeamOutlined />,
  visits: <CalendarOutlined />,
  diagnosis: <MedicineBoxOutlined />,
  diagnosisV2: <FileSearchOutlined />,
  surveys: <FormOutlined />,
  camera: <VideoCameraOutlined />,
  faceAnalysis: <SmileOutlined />,
  settings: <SettingOutlined />,
  userManagement: <UserSwitchOutlined />,
  androidLogs: <AndroidOutlined />,
  pwaOperationsLog: <BarChartOutlined />,
};

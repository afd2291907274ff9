import {
  AndroidOutlined,
  AuditOutlined,
  BarChartOutlined,
  CalendarOutlined,
  ClockCircleOutlined,
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
import type { PageKey } from '../i18n/ja';

/** Each page's icon, the same in the side menu and on the dashboard's cards; hidden from screen readers. */
export const PAGE_ICONS: Record<PageKey, ReactNode> = {
  dashboard: <DashboardOutlined aria-hidden />,
  appointments: <ClockCircleOutlined aria-hidden />,
  customers: <TeamOutlined aria-hidden />,
  visits: <CalendarOutlined aria-hidden />,
  diagnosis: <MedicineBoxOutlined aria-hidden />,
  diagnosisV2: <FileSearchOutlined aria-hidden />,
  surveys: <FormOutlined aria-hidden />,
  camera: <VideoCameraOutlined aria-hidden />,
  faceAnalysis: <SmileOutlined aria-hidden />,
  settings: <SettingOutlined aria-hidden />,
  userManagement: <UserSwitchOutlined aria-hidden />,
  androidLogs: <AndroidOutlined aria-hidden />,
  pwaOperationsLog: <BarChartOutlined aria-hidden />,
  auditLog: <AuditOutlined aria-hidden />,
};
